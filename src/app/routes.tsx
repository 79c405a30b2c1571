// The route table of SPEC §2, built from the route list: every screen is lazy. Routes whose contents
// the spec does not show open the company's web module of the same path (src/features/modules).
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { APP_ROUTES, LOGIN_PATH, NATIVE_ROUTES, type AppRoute } from '../shared/routes/app-routes.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import { RequireNoSession, RequireSession } from './route-guards.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

const LoginPage = lazy(() => import('../features/session/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const ChangePasswordPage = lazy(() =>
  import('../features/session/change-password-page.tsx').then((m) => ({ default: m.ChangePasswordPage })),
);
const HomePage = lazy(() => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage })));
const TabShell = lazy(() => import('./tab-shell.tsx').then((m) => ({ default: m.TabShell })));
const ModuleRoute = lazy(() => import('./module-route.tsx').then((m) => ({ default: m.ModuleRoute })));
const NotFoundPage = lazy(() => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

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
