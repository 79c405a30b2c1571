// The quick links feature's face: the one module of it src/app imports (lint), and what loads when.
// Imported only by Home's after-content chunk (src/app/home/home-after-content.tsx), so its exports load
// with that chunk, in the same request.

/** Once Home shows its content: the quick links row. */
export { QuickLinks } from './quick-links.tsx';
