// The session's native screens (SPEC §2: login, change-password).
import type { FeatureRoutes } from '../../shared/routes/app-routes.ts';

export const sessionRoutes = {
  login: () => import('./login-page.tsx').then((module) => ({ default: module.LoginPage })),
  'change-password': () => import('./change-password-page.tsx').then((module) => ({ default: module.ChangePasswordPage })),
} satisfies FeatureRoutes;
