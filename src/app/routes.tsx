// The route table of SPEC §2, built from the route list: every screen is lazy. The native screens are
// the ones features declare (FeatureRoutes); every other route opens the company's web module of the
// same path (src/features/modules).
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { requestFirstFeedEarly } from '../features/feed/api/early-feed.ts';
import { sessionRoutes } from '../features/session/routes.ts';
import { APP_ROUTES, HOME_PATH, LOGIN_PATH, type AppRoute, type FeatureRoutes, type RoutePath } from '../shared/routes/app-routes.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import { homeRoutes } from './home/routes.ts';
import { RequireNoSession, RequireSession } from './route-guards.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

/** Every native screen, by route: what the features (and Home, composed here) declare. */
export const NATIVE_SCREENS: FeatureRoutes = { ...sessionRoutes, ...homeRoutes };

const shell = {
  tabShell: () => import('./tab-shell.tsx').then((module) => ({ default: module.TabShell })),
  module: () => import('./module-route.tsx').then((module) => ({ default: module.ModuleRoute })),
  notFound: () => import('./not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })),
};

const TabShell = lazy(shell.tabShell);
const ModuleRoute = lazy(shell.module);
const NotFoundPage = lazy(shell.notFound);
const nativeScreens = new Map<string, LazyExoticComponent<ComponentType>>(
  Object.entries(NATIVE_SCREENS).map(([path, load]) => [path, lazy(load)]),
);

/**
 * The code of the screen the start will land on, fetched in parallel with the texts and user data;
 * for a returning user landing on Home, its first feed too.
 */
export function preloadStartScreen(pathname: string, hasSession: boolean): void {
  const preload = (load: (() => Promise<unknown>) | undefined) => void load?.().catch(() => undefined);
  if (!hasSession) return preload(NATIVE_SCREENS.login);
  if (pathname === '/' || pathname === LOGIN_PATH || pathname === HOME_PATH) {
    preload(shell.tabShell);
    preload(NATIVE_SCREENS.home);
    requestFirstFeedEarly();
  }
}

function screen(route: AppRoute) {
  const Native = nativeScreens.get(route.path);
  const element = Native ? <Native /> : <ModuleRoute titleKey={route.titleKey} />;
  return <Route key={route.path} path={`/${route.path}`} element={element} />;
}

const routesIn = (placement: AppRoute['shell']) => APP_ROUTES.filter((route) => route.shell === placement);
const isLogin = (path: RoutePath) => `/${path}` === LOGIN_PATH;

export function AppRoutes() {
  const { pathname } = useLocation();
  const bare = routesIn('bare');
  return (
    // A screen that fails is contained; moving elsewhere clears the failure.
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path="/" element={<Navigate to={LOGIN_PATH} replace />} />
          <Route element={<RequireNoSession />}>{bare.filter((route) => isLogin(route.path)).map(screen)}</Route>
          <Route element={<RequireSession />}>
            {bare.filter((route) => !isLogin(route.path)).map(screen)}
            <Route element={<TabShell />}>{routesIn('tabs').map(screen)}</Route>
            {routesIn('top').map(screen)}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
