// The More feature's face: the one module of it src/app imports (lint), and what loads when.
// Imported only by Home's after-content chunk (src/app/home/home-after-content.tsx), so its exports load
// with that chunk, in the same request.

/** Once Home shows its content: the header's More menu. */
export { MoreButton } from './more-button.tsx';
