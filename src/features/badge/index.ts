// The badge feature's face: the one module of it src/app imports (lint), and what loads when.

// With the tab bar and Home's bell: the counters they show (a small store, SPEC §2, §4).
export { useBadgeTotal, useChatTabName, useUnreadNotifications } from './badge-store.ts';
/** While signed in, once the first screen shows: what feeds the counters (the notification endpoints, chat events). */
export const loadBadgeSetup = () => import('./badge-setup.ts');
