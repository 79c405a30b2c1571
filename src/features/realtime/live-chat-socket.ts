// The socket.io live-chat connection (SPEC §7): to the configured websocket endpoint, listening on
// the chat home's websocket id. Transports in SPEC §9's order, websocket then polling: its third,
// flashsocket, was removed from socket.io long ago (socket.io-client 4 has no such transport).
// The handshake carries the bearer token (`auth.token`): the server takes no anonymous socket and sends
// each user only their own events. socket.io-client reconnects by itself with a growing delay, except
// after the server said "disconnect" or refused the handshake; then we reconnect after our own backoff,
// with the token as it is then (a refreshed one goes along).
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { TypingSignal } from './api/payloads.ts';
import { createBackoff, type Backoff } from './backoff.ts';

export const LIVE_CHAT_TRANSPORTS = ['websocket', 'polling'];

export const LIVE_CHAT_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  transports: LIVE_CHAT_TRANSPORTS,
  // socket.io-client's own backoff (1 s doubling, ±50 %), capped at 5 s: a restarted server is found
  // again within seconds, and a few clients knocking every 5 s cost the server nothing.
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
};

export interface LiveChatDeps {
  endpoint: string;
  /** The bearer token, read at every (re)connection. */
  accessToken(): string | undefined;
  fetchWebsocketId(): Promise<string | undefined>;
  onEvent(raw: unknown): void;
  /** The socket is connected (again): whatever waited for the network can go. */
  onConnect?(): void;
  backoff?: Backoff;
  connect?: (endpoint: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;
}

export interface LiveChatConnection {
  close(): void;
  /**
   * Sends the typing signal (x-inferred, asyncapi `sendTypingSignal`) when the socket is connected;
   * otherwise it is dropped, never queued: a stale "is typing" is worse than none.
   */
  sendTyping(signal: TypingSignal): void;
}

export function connectLiveChat(deps: LiveChatDeps): LiveChatConnection {
  const backoff = deps.backoff ?? createBackoff({ initialMs: 1000, maxMs: 30_000 });
  const connect = deps.connect ?? io;
  let closed = false;
  let socket: Socket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const later = (task: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed) task();
    }, backoff.next());
  };

  const open = async (): Promise<void> => {
    let websocketId: string | undefined;
    try {
      websocketId = await deps.fetchWebsocketId();
    } catch {
      return later(() => void open()); // The chat home could not be read: try again later.
    }
    if (closed) return;
    if (!websocketId) {
      console.warn('realtime: the chat home has no websocket id; live chat events are off');
      return;
    }
    backoff.reset();
    const opened = connect(deps.endpoint, {
      ...LIVE_CHAT_OPTIONS,
      // The function form: socket.io-client asks it again before each reconnection.
      auth: (send: (data: object) => void) => send({ token: deps.accessToken() ?? '' }),
    });
    socket = opened;
    opened.on(websocketId, (payload: unknown) => deps.onEvent(payload));
    opened.on('connect', () => {
      backoff.reset();
      deps.onConnect?.();
    });
    opened.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') later(() => opened.connect());
    });
    // A refused handshake (no or an expired token) is not retried by socket.io-client: `active` is false.
    opened.on('connect_error', () => {
      if (!opened.active) later(() => opened.connect());
    });
  };
  void open();

  return {
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.removeAllListeners();
      socket?.disconnect();
    },
    sendTyping(signal) {
      if (socket?.connected) socket.volatile.emit('typing', signal);
    },
  };
}
