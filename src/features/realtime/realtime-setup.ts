// The live connections, loaded while signed in once the first screen shows its content (src/app connects
// them, ./index.ts): wires the owner to the real servers and hands it to the session's polling control,
// which starts it on the login flow and stops it on the logout flow (SPEC §4). Call events go to the
// calls feature's port (`onCallEvent`); a room's typing comes in through `sendTyping`.
import type { QueryClient } from '@tanstack/react-query';
import { getAccessToken, setSocketId } from '../../api/client.ts';
import { config } from '../../api/config.ts';
import { publish } from '../../shared/events/app-events.ts';
import type { PollingControl } from './polling-control.ts';
import { authenticateUser, authorizeChannel } from './api/broadcasting.ts';
import { fetchLiveChatWebsocketId } from './api/chat-home.ts';
import { fetchNewEvents } from './api/long-poll.ts';
import { yieldToMain } from '../../shared/scheduling/yield.ts';
import { createRealtime, type Realtime, type RealtimeDeps, type RealtimeTransports } from './realtime-connections.ts';

/** The real servers; the chat home's cache (`queryClient`) serves the live-chat socket's websocket id. */
export const realTransports = (queryClient: QueryClient): RealtimeTransports => ({
  fetchNewEvents,
  async openBroadcast({ currentUserId, onGlobalEvent, onSocketId, onConnected }) {
    const { connectBroadcast } = await import('./broadcast-connection.ts');
    // Each connection opens in a task of its own (both modules arrive together: one task was 145 ms on a phone).
    await yieldToMain();
    return connectBroadcast({
      config: config.pusher,
      prefix: config.websocketPrefix,
      userId: currentUserId(),
      authorizeChannel,
      authenticateUser,
      onGlobalEvent,
      onSocketId,
      onConnected,
    });
  },
  async openLiveChat({ onEvent, onConnected }) {
    const { connectLiveChat } = await import('./live-chat-socket.ts');
    await yieldToMain();
    return connectLiveChat({
      endpoint: config.websocketEndpoint,
      accessToken: getAccessToken,
      fetchWebsocketId: () => fetchLiveChatWebsocketId(queryClient),
      onEvent,
      onConnect: () => {
        publish('chat:socket-connected', {});
        onConnected();
      },
    });
  },
  setSocketId,
});

export type RealtimeSetup = Pick<RealtimeDeps, 'currentUserId' | 'onCallEvent'> & { polling: PollingControl; queryClient: QueryClient };

export interface LiveConnections {
  /** Sent on the live-chat socket once it is open, else dropped (x-inferred). */
  sendTyping: Realtime['sendTyping'];
  /** The sign-out: the connections close and unregister. */
  stop(): void;
}

/** Registers the live connections with the polling control. */
export function setUpRealtime({ polling, queryClient, ...deps }: RealtimeSetup): LiveConnections {
  const realtime = createRealtime({ ...deps, transports: realTransports(queryClient) });
  return { stop: polling.register(realtime), sendTyping: realtime.sendTyping };
}
