// The notifications feature's native screen (SPEC §2: notification).
import type { FeatureRoutes } from '../../shared/routes/app-routes.ts';

export const notificationRoutes = {
  notification: () => import('./list/notifications-screen.tsx').then((module) => ({ default: module.NotificationsScreen })),
} satisfies FeatureRoutes;
