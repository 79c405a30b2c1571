// The realtime feature's face: the one module of it src/app imports (lint), and what loads when.

// At start: the polling control the session starts and stops (SPEC §4).
export { createPollingControl, type PollingControl } from './polling-control.ts';
export type { LiveConnections } from './realtime-setup.ts';
/** While signed in, once the first screen shows: the live connections (long poll, broadcast, live chat). */
export const loadLiveConnections = () => import('./realtime-setup.ts');
/** With the live connections: the "Live updates paused" notice. */
export const loadLiveUpdatesNotice = () => import('./live-updates-notice.tsx').then((module) => ({ default: module.LiveUpdatesNotice }));
