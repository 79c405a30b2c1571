// The route table of SPEC §2, built from the route list: every screen is lazy. Routes whose contents
// the spec does not show open the company's web module of the same path (src/features/modules).
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { requestFirstFeedEarly } from '../features/feed/early-feed.ts';
import { APP_ROUTES, HOME_PATH, LOGIN_PATH, NATIVE_ROUTES, type AppRoute } from '../shared/routes/app-routes.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import { RequireNoSession, RequireSession } from './route-guards.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

// The screens' code, by name: the lazy components below load it on first render, and
// `preloadStartScreen` starts loading the first screen's code while the app is still starting.
const screens = {
  login: () => import('../features/session/login-page.tsx'),
  changePassword: () => import('../features/session/change-password-page.tsx'),
  home: () => import('../features/home/home-page.tsx'),
  tabShell: () => import('./tab-shell.tsx'),
  module: () => import('./module-route.tsx'),
  notFound: () => import('./not-found-page.tsx'),
};

const LoginPage = lazy(() => screens.login().then((m) => ({ default: m.LoginPage })));
const ChangePasswordPage = lazy(() => screens.changePassword().then((m) => ({ default: m.ChangePasswordPage })));
const HomePage = lazy(() => screens.home().then((m) => ({ default: m.HomePage })));
const TabShell = lazy(() => screens.tabShell().then((m) => ({ default: m.TabShell })));
const ModuleRoute = lazy(() => screens.module().then((m) => ({ default: m.ModuleRoute })));
const NotFoundPage = lazy(() => screens.notFound().then((m) => ({ default: m.NotFoundPage })));

/**
 * The code of the screen the start will land on, fetched in parallel with the texts and user data;
 * for a returning user landing on Home, its first feed too.
 */
export function preloadStartScreen(pathname: string, hasSession: boolean): void {
  const preload = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  if (!hasSession) return preload(screens.login);
  if (pathname === '/' || pathname === LOGIN_PATH || pathname === HOME_PATH) {
    preload(screens.tabShell);
    preload(screens.home);
    requestFirstFeedEarly();
  }
}

function screen(route: AppRoute) {
  const element = NATIVE_ROUTES.has(route.path) ? <HomePage /> : <ModuleRoute titleKey={route.titleKey} />;
  return <Route key={route.path} path={`/${route.path}`} element={element} />;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // A screen that fails is contained; moving elsewhere clears the failure.
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path="/" element={<Navigate to={LOGIN_PATH} replace />} />
          <Route element={<RequireNoSession />}>
            <Route path={LOGIN_PATH} element={<LoginPage />} />
          </Route>
          <Route element={<RequireSession />}>
            <Route path="/change-password" element={<ChangePasswordPage />} />
            <Route element={<TabShell />}>{APP_ROUTES.filter((route) => route.shell === 'tabs').map(screen)}</Route>
            {APP_ROUTES.filter((route) => route.shell === 'top').map(screen)}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
