// The lazily loaded entry of the realtime feature (src/app loads it once Home shows its first content):
// wires the owner to the real servers and hands it to the session's polling control, which starts it
// on the login flow and stops it on the logout flow (SPEC §4).
import { getAccessToken, setSocketId } from '../../api/client.ts';
import { config } from '../../api/config.ts';
import { publish } from '../../shared/events/app-events.ts';
import { polling } from '../../shared/polling/polling-control.ts';
import { authenticateUser, authorizeChannel } from './api/broadcasting.ts';
import { fetchLiveChatWebsocketId } from './api/chat-home.ts';
import { fetchNewEvents } from './api/long-poll.ts';
import { yieldToMain } from '../../shared/scheduling/yield.ts';
import { createRealtime, type RealtimeTransports } from './realtime-connections.ts';

export const realTransports: RealtimeTransports = {
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
      fetchWebsocketId: fetchLiveChatWebsocketId,
      onEvent,
      onConnect: () => {
        publish('chat:socket-connected', {});
        onConnected();
      },
    });
  },
  setSocketId,
};

export interface RealtimeSetup {
  currentUserId(): number | undefined;
}

/** Registers the live connections with the polling control; returns the teardown (which closes them). */
export function setUpRealtime(setup: RealtimeSetup): () => void {
  return polling.register(createRealtime({ ...setup, transports: realTransports }));
}
