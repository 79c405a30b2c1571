// The route table of SPEC §2, built from the route list: every screen is lazy. Routes whose contents
// the spec does not show open the company's web module of the same path (src/features/modules).
import { Navigate, type RouteObject } from 'react-router';
import { APP_ROUTES, NATIVE_ROUTES, type AppRoute } from '../shared/routes/app-routes.ts';
import { RequireSession, RequireNoSession } from './route-guards.tsx';
import { RouteError } from './route-error.tsx';

const homeRoute = () => import('../features/home/home-page.tsx').then((module) => ({ Component: module.HomePage }));

function moduleRoute(route: AppRoute): RouteObject {
  return {
    path: `/${route.path}`,
    lazy: () =>
      import('./module-route.tsx').then((module) => ({
        Component: () => <module.ModuleRoute titleKey={route.titleKey} />,
      })),
  };
}

function screen(route: AppRoute): RouteObject {
  if (!NATIVE_ROUTES.has(route.path)) return moduleRoute(route);
  return { path: `/${route.path}`, lazy: homeRoute };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: <RequireNoSession />,
        children: [
          {
            path: '/login',
            lazy: () => import('../features/session/login-page.tsx').then((module) => ({ Component: module.LoginPage })),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            path: '/change-password',
            lazy: () =>
              import('../features/session/change-password-page.tsx').then((module) => ({ Component: module.ChangePasswordPage })),
          },
          {
            lazy: () => import('./tab-shell.tsx').then((module) => ({ Component: module.TabShell })),
            children: APP_ROUTES.filter((route) => route.shell === 'tabs').map(screen),
          },
          ...APP_ROUTES.filter((route) => route.shell === 'top').map(screen),
        ],
      },
      { path: '*', lazy: () => import('./not-found-page.tsx').then((module) => ({ Component: module.NotFoundPage })) },
    ],
  },
];
