// The route table of SPEC §2, built from the route list: every screen is lazy. The native screens are
// the ones features declare (FeatureRoutes); every other route opens the company's web module of the
// same path (src/features/modules).
import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { requestFirstFeedEarly } from '../api/early-feed.ts';
import { callRoutes } from '../features/calls/index.ts';
import { chatRoutes } from '../features/chat/index.ts';
import * as modules from '../features/modules/index.ts';
import { notificationRoutes } from '../features/notifications/index.ts';
import { qrRoutes } from '../features/qr/index.ts';
import { sessionRoutes } from '../features/session/index.ts';
import { APP_ROUTES, HOME_PATH, LOGIN_PATH, ROUTE_ALIASES, route, type AppRoute, type FeatureRoutes, type RoutePath, type ScreenModule } from '../shared/routes/app-routes.ts';
import { lazyComponent, type LazyComponent } from '../shared/loading/lazy-component.tsx';
import { Spinner } from '../shared/ui/spinner.tsx';
import { homeRoutes } from './home/routes.ts';
import { RequireNoSession, RequireSession } from './route-guards.tsx';
import { ScreenBoundary, ScreenErrorBoundary } from './screen-error-boundary.tsx';

/** Every native screen, by route: what the features (and Home, composed here) declare. */
export const NATIVE_SCREENS: FeatureRoutes = { ...sessionRoutes, ...homeRoutes, ...chatRoutes, ...callRoutes, ...notificationRoutes, ...qrRoutes };

const TabShell = lazyComponent(() => import('./tab-shell.tsx').then((module) => ({ default: module.TabShell })));
const ModuleRoute = lazyComponent(modules.loadModuleRoute);
const NotFoundPage = lazyComponent(() => import('./not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })));
const nativeScreens = new Map<string, LazyComponent<object>>();
for (const [path, load] of Object.entries(NATIVE_SCREENS) as Array<[RoutePath, ScreenModule]>) nativeScreens.set(path, lazyComponent(load));

/**
 * The code of the screen the start will land on, fetched in parallel with the texts and user data;
 * for a returning user landing on Home, its first feed too. Resolves when that code has arrived (or
 * failed: the screen's own loading then reports it), so the first render need not suspend.
 */
export function preloadStartScreen(pathname: string, hasSession: boolean): Promise<void> {
  const landsOnHome = pathname === '/' || pathname === LOGIN_PATH || pathname === HOME_PATH;
  // The screens scripts/lib/start-screen-preload.ts groups and hints in index.html (a chat room opened from a notification or a link).
  const screens = !hasSession
    ? [nativeScreens.get('login')]
    : landsOnHome
      ? [TabShell, nativeScreens.get('home')]
      : pathname === route('chats/chat')
        ? [TabShell, nativeScreens.get('chats/chat')]
        : pathname === route('live-chat/chat-room')
          ? [TabShell, nativeScreens.get('live-chat/chat-room')]
          : [TabShell];
  if (hasSession && landsOnHome) requestFirstFeedEarly();
  return Promise.all(screens.map((screen) => screen?.preload().catch(() => undefined))).then(() => undefined);
}

/** An alias of SPEC §2 (ROUTE_ALIASES): the screen it names, the entry replaced, its query kept beside the target's. */
function RouteAlias({ to }: { to: string }) {
  const { search } = useLocation();
  const target = new URL(to, window.location.origin);
  for (const [name, value] of new URLSearchParams(search)) if (!target.searchParams.has(name)) target.searchParams.append(name, value);
  return <Navigate to={{ pathname: target.pathname, search: target.search }} replace />;
}

function screen(route: AppRoute) {
  const alias = ROUTE_ALIASES[route.path];
  if (alias) return <Route key={route.path} path={`/${route.path}`} element={<RouteAlias to={alias} />} />;
  const Native = nativeScreens.get(route.path);
  // Each screen fails on its own: the tab bar (and a Retry) stay when its code cannot load.
  const element = <ScreenBoundary>{Native ? <Native /> : <ModuleRoute titleKey={route.titleKey} />}</ScreenBoundary>;
  return <Route key={route.path} path={`/${route.path}`} element={element} />;
}

const routesIn = (placement: AppRoute['shell']) => APP_ROUTES.filter((route) => route.shell === placement);
/** A call's screen is the whole window (the call stage); every other signed-in screen keeps the rail on a desktop. */
const isCallScreen = (path: RoutePath) => path === 'chat/chat-detail/video-call/:chat_room_call_id';
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
            <Route element={<TabShell />}>
              {routesIn('tabs').map(screen)}
              {routesIn('top')
                .filter((route) => !isCallScreen(route.path))
                .map(screen)}
            </Route>
            {routesIn('top').filter((route) => isCallScreen(route.path)).map(screen)}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
