// The forum feature's face: the one module of it src/app imports (lint), and what loads when.

/** Once Home's feed has shown (or on choosing the Forum segment): the forum list. */
export const loadForumList = () => import('./forum-list.tsx').then((module) => ({ default: module.ForumList }));
