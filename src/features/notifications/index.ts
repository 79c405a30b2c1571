// The notifications feature's face: the one module of it src/app imports (lint), and what loads when.

// On its route: the notifications list.
export { notificationRoutes } from './routes.ts';
/** Once the first screen shows (at once for a window a notification opened): opening a notification's page (SPEC §2, §9). */
export const loadNotificationOpen = () => import('./push/notification-open.ts');
/** With Home's settings: the push notifications switch. */
export const loadPushPermissionControl = () => import('./permission/push-permission-control.tsx').then((module) => ({ default: module.PushPermissionControl }));
