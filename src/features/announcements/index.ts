// The announcements feature's face: the one module of it src/app imports (lint), and what loads when.

/** Once Home shows its content (SPEC §4): the announcement pop-up. */
export const loadAnnouncementPopup = () => import('./announcement-popup.tsx').then((module) => ({ default: module.AnnouncementPopupHost }));
