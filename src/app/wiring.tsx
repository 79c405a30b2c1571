// The one place where the features are connected (ARCHITECTURE "One wiring point"). Each feature is
// reached through its face (src/features/<name>/index.ts; lint refuses a deeper import from src/app),
// and the faces say what loads when. Here: the session and what it drives (polling, push, the
// permission list, every feature's cleanup at logout), opening a notification's page, and what runs
// while signed in (the badge, the chat outbox, calls and the live connections, the typing sender).
// Features call each other only through what is connected here, never through the event bus, which
// carries broadcasts alone (src/shared/events/app-events.ts).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { setAccessToken, setUnauthorizedHandler } from '../api/client.ts';
import * as calls from '../features/calls/index.ts';
import * as chat from '../features/chat/index.ts';
import * as notifications from '../features/notifications/index.ts';
import * as permissions from '../features/permissions/index.ts';
import * as realtime from '../features/realtime/index.ts';
import * as session from '../features/session/index.ts';
import { runLogoutCleanups } from '../shared/domain/logout-cleanup.ts';
import { publish, subscribe } from '../shared/events/app-events.ts';
import { DeferredBoundary } from '../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../shared/loading/lazy-component.tsx';
import { loadDeferred, loadDeferredUntilOnline, retryImport } from '../shared/loading/retry-import.ts';
import { currentLocation, navigateTo } from '../shared/routes/navigation.tsx';
import { afterFirstContent, useAfterFirstContent } from '../shared/scheduling/after-first-content.ts';
import { useSession } from '../shared/session/session-context.tsx';
import type { SessionController } from '../shared/session/session-types.ts';
import { getStorage, STORAGE_KEYS, type AppStorage } from '../shared/storage/storage.ts';
import { showAlert } from '../shared/ui/alert-host.tsx';

/**
 * The session, connected to the features it drives: created once at start, before the first render.
 * Its logout flow follows a 401 anywhere and a logout in any feature (SPEC §8: `user:logout`).
 */
export function connectSession(storage: AppStorage, queryClient: QueryClient, polling: realtime.PollingControl): SessionController {
  // The session's code, fetched again when the network drops as it is needed (src/shared/loading).
  const sessionApi = () => retryImport(session.loadSessionApi);
  const pushRegistration = () => retryImport(session.loadPushRegistration);
  const controller = session.createSessionController({
    storage,
    setToken: setAccessToken,
    fetchUserData: async () => (await sessionApi()).fetchUserData(queryClient),
    registerDevice: async (userId) => (await pushRegistration()).registerDevice(userId),
    unregisterDevice: async () => (await pushRegistration()).unregisterDevice(),
    signOutOnServer: async (token) => (await sessionApi()).signOutOnServer(token),
    clearUserData: async () => {
      // The features' cleanups start now, while the token is set (a call is hung up); the device is
      // cleared once they are done (clear-device-data.ts).
      const cleanups = runLogoutCleanups();
      await (await retryImport(() => import('../shared/domain/clear-device-data.ts'))).clearDeviceDataAfter(cleanups);
    },
    polling,
    resetPermissions: () => permissions.resetPermissions(queryClient),
    clearServerCache: () => queryClient.clear(),
    navigate: navigateTo,
    currentLocation,
    showError: (error) => {
      if (error.message) void showAlert({ headerKey: error.header, message: error.message });
    },
    schedule: (task, ms) => void setTimeout(task, ms),
    afterFirstContent: (task) => void afterFirstContent(task),
  });
  // A 401 anywhere (HTTP status or body) publishes user:logout; the logout flow follows.
  setUnauthorizedHandler(() => publish('user:logout', { reason: 'unauthorized' }));
  subscribe('user:logout', () => {
    if (controller.getState().status !== 'signed-out') void controller.signOut();
  });
  return controller;
}

/**
 * What every start runs once its first screen is up (at once when a notification's window hands a page
 * over): opening a notification's page (SPEC §2, §9), and this tab's session kept in step with the other
 * tabs of the origin (a logout or a sign-in in one reaches all). `startUrl` is read before the session
 * navigates; `onStartHandled` is told once the start's own hand-over is done (or cannot be).
 */
export function startAfterFirstScreen(controller: SessionController, storage: AppStorage, startUrl: string, onStartHandled?: () => void): void {
  void loadDeferred('opening notifications', () => Promise.all([notifications.loadNotificationOpen(), session.loadSessionSync()])).then((modules) => {
    if (!modules) return onStartHandled?.();
    const [open, sync] = modules;
    sync.syncSession(controller, storage);
    open.startNotificationOpen({
      session: controller,
      startUrl,
      navigate: (path) => navigateTo(path, { replace: false }),
      keepForLogin: (path) => storage.set(STORAGE_KEYS.redirectTo, path),
      onStartHandled,
    });
  });
}

const LiveUpdatesNotice = lazyComponent(realtime.loadLiveUpdatesNotice);

/**
 * While signed in, once the first screen has shown its content (so none of it weighs on the start):
 * the permission list (SPEC §6), the badge counters, messages left in the chat outbox, the call
 * registry and the live connections, realtime's call events going to calls and a room's typing to
 * realtime. All of it stops at the sign-out. The live connections follow the session's polling
 * control (started by the login flow, stopped by the logout flow, SPEC §4).
 */
export function SignedInFeatures({ polling, children }: { polling: realtime.PollingControl; children: ReactNode }) {
  const { status, controller } = useSession();
  const queryClient = useQueryClient();
  const ready = useAfterFirstContent();
  const active = status === 'signed-in' && ready;
  const live = useRef<realtime.LiveConnections | undefined>(undefined);
  const sendTyping = useMemo<chat.SendTyping>(() => (roomUuid, isTyping) => live.current?.sendTyping(roomUuid, isTyping), []);

  useEffect(() => {
    if (!active) return;
    // Code that could not load is tried again once the browser is back online (loadDeferredUntilOnline).
    const stopped = new AbortController();
    const currentUserId = () => controller.getState().userData?.user?.id;
    let stopBadge: (() => void) | undefined;
    let stopCallsAndRealtime: (() => void) | undefined;
    void loadDeferred('the permission list', permissions.loadPermissionsApi).then((module) => module && queryClient.prefetchQuery(module.permissionsQuery));
    // The badge's face is imported here only when due: its counters' store loads with the tab bar, not the entry.
    void loadDeferred('the badge', () => import('../features/badge/index.ts').then((badge) => badge.loadBadgeSetup())).then((module) => {
      if (module && !stopped.signal.aborted) stopBadge = module.setUpBadge(getStorage(), queryClient);
    });
    void loadDeferredUntilOnline('the chat outbox', chat.loadOutboxIfPending, stopped.signal).then((module) => {
      if (module && !stopped.signal.aborted) module.ensureOutbox({ queryClient, currentUserId });
    });
    // The call registry and the live connections load in parallel and are connected once both are
    // there: realtime hands each call event to the calls port, so none comes before it can be heard.
    void Promise.all([
      loadDeferredUntilOnline('the call registry', calls.loadCallsPort, stopped.signal),
      loadDeferredUntilOnline('the live connections', realtime.loadLiveConnections, stopped.signal),
    ]).then(([callsModule, realtimeModule]) => {
      if (!callsModule || !realtimeModule || stopped.signal.aborted) return;
      const callsPort = callsModule.startCalls({ currentUserId });
      const connections = realtimeModule.setUpRealtime({ currentUserId, polling, queryClient, onCallEvent: callsPort.receive });
      live.current = connections;
      stopCallsAndRealtime = () => {
        if (live.current === connections) live.current = undefined;
        connections.stop();
        callsPort.stop();
      };
    });
    return () => {
      stopped.abort();
      stopBadge?.();
      stopCallsAndRealtime?.();
    };
  }, [active, controller, queryClient, polling]);

  return (
    <chat.SendTypingContext.Provider value={sendTyping}>
      {children}
      {active && (
        <DeferredBoundary name="the live-updates notice">
          <LiveUpdatesNotice />
        </DeferredBoundary>
      )}
    </chat.SendTypingContext.Provider>
  );
}
