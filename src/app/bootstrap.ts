// Everything the app needs before its first render, created once outside React (so StrictMode's
// double effects never start the session twice): storage, texts, the router and the session.
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { getUserDataOptions } from '../../generated/http/@tanstack/react-query.gen.ts';
import { setAccessToken } from '../api/client.ts';
import { createQueryClient } from '../api/query-client.ts';
import { resetPermissions } from '../features/permissions/permissions.ts';
import { registerDevice } from '../features/session/push-registration.ts';
import { createSessionController, type SessionController } from '../features/session/session-controller.ts';
import { subscribe } from '../shared/events/app-events.ts';
import { initI18n } from '../shared/i18n/i18n.ts';
import { polling } from '../shared/polling/polling-control.ts';
import { initAppStorage } from '../shared/storage/storage.ts';
import { showAlert } from '../shared/ui/alert-host.tsx';
import { routes } from './routes.tsx';

export interface AppContext {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
  session: SessionController;
}

export async function bootstrap(): Promise<AppContext> {
  const storage = await initAppStorage();
  await initI18n(storage).catch((error: unknown) => console.warn('Translations could not be loaded', error));
  const queryClient = createQueryClient();
  const router = createBrowserRouter(routes);

  const session = createSessionController({
    storage,
    setToken: setAccessToken,
    fetchUserData: () => queryClient.fetchQuery({ ...getUserDataOptions(), staleTime: 0 }),
    registerDevice: (userId) => registerDevice(userId),
    polling,
    resetPermissions: () => resetPermissions(queryClient),
    clearServerCache: () => queryClient.clear(),
    navigate: (path) => void router.navigate(path, { replace: true }),
    currentLocation: () => router.state.location,
    showError: (error) => {
      if (error.message) void showAlert({ headerKey: error.header, message: error.message });
    },
    schedule: (task, ms) => void setTimeout(task, ms),
  });
  // SPEC §8: a 401 anywhere (HTTP status or body) publishes user:logout; the logout flow follows.
  subscribe('user:logout', () => {
    if (session.getState().status !== 'signed-out') void session.signOut();
  });
  void session.start();
  return { queryClient, router, session };
}
