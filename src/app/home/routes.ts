// Home, and workspace ("same module as home", SPEC §2).
import type { FeatureRoutes } from '../../shared/routes/app-routes.ts';

const homePage = () => import('./home-page.tsx').then((module) => ({ default: module.HomePage }));

export const homeRoutes = { home: homePage, workspace: homePage } satisfies FeatureRoutes;
