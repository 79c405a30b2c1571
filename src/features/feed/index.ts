// The feed feature's face: the one module of it src/app imports (lint), and what loads when.
// Imported only by Home's chunk (src/app/home/home-feed.tsx), so its exports load with Home. (A returning
// user's first feed is requested at start, before Home's code: src/api/early-feed.ts.)

/** With Home: the feed's segments, Home's largest paint. */
export { FeedSection } from './feed-section.tsx';
