// The one owner of the live connections (ARCHITECTURE "Realtime has one owner"): the long poll, the
// Pusher broadcast socket and the socket.io live-chat socket open together when the session starts
// its polling (the login flow, SPEC §4) and close together when it stops it (the logout flow). The
// socket libraries load in their own chunks, so the poll starts without waiting for them. A long poll
// stopped by a failure (SPEC §8) starts again by itself once the server is back: when either socket
// connects (again) or the browser comes back online.
import type { CallEvent } from '../../api/models.ts';
import type { Poller } from './polling-control.ts';
import type { LongPollEvent } from './api/long-poll.ts';
import type { TypingSignal } from './api/payloads.ts';
import { createChatRoomEvents } from './chat-room-events.ts';
import { createDispatcher } from './dispatcher.ts';
import { createLongPoll } from './long-poll.ts';
import { longPollStatus } from './long-poll-status.ts';

export interface Closable {
  close(): void;
}

/** How the owner reaches the servers (real ones in realtime-setup.ts; fakes in tests). */
export interface RealtimeTransports {
  fetchNewEvents(): Promise<readonly LongPollEvent[]>;
  /** `currentUserId` is read once the socket opens: the login flow starts polling just before it records the user. */
  openBroadcast(handlers: { currentUserId(): number | undefined; onGlobalEvent(raw: unknown): void; onSocketId(id: string | undefined): void; onConnected(): void }): Promise<Closable>;
  openLiveChat(handlers: { onEvent(raw: unknown): void; onConnected(): void }): Promise<Closable & { sendTyping?(signal: TypingSignal): void }>;
  /** The HTTP layer's socket id header (src/api/client.ts). */
  setSocketId(id: string | undefined): void;
}

export interface RealtimeDeps {
  /** The signed-in user's id: it names the private channel and the call signalling's member. */
  currentUserId(): number | undefined;
  transports: RealtimeTransports;
  /** Every parsed, deduplicated call event: the calls feature's port (ARCHITECTURE "Calls own the call state"). */
  onCallEvent(event: CallEvent): void;
  /** Where the browser says it is `online` again (the window; none outside a browser). */
  connectivity?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

export interface Realtime extends Poller {
  readonly running: boolean;
  /** The user is typing in a room's composer, or stopped: sent on the live-chat socket once it is open, else dropped (x-inferred). */
  sendTyping(roomUuid: string, isTyping: boolean): void;
}

const browserWindow = typeof window === 'undefined' ? undefined : window;

export function createRealtime({ currentUserId, transports, onCallEvent, connectivity = browserWindow }: RealtimeDeps): Realtime {
  let session: { close(): void; sendTyping(roomUuid: string, isTyping: boolean): void } | undefined;

  const open = () => {
    const chatRooms = createChatRoomEvents();
    // Call events go to the calls feature, which decides what they mean (ARCHITECTURE "Calls own the call state").
    const dispatcher = createDispatcher({ routeCall: onCallEvent, chatRoom: chatRooms.handle });
    const longPoll = createLongPoll({ fetchEvents: transports.fetchNewEvents, onEvents: dispatcher.fromLongPoll, onState: longPollStatus.set });
    longPollStatus.setRetry(longPoll.retry);
    longPoll.start();
    // Only a paused poll restarts (retry does nothing while it runs): a reconnection is a sign the
    // server is reachable again, so "Live updates paused" goes away without a tap.
    const resume = () => longPoll.retry();
    connectivity?.addEventListener('online', resume);

    let closed = false;
    const sockets: Closable[] = [];
    // A socket that finishes opening after the session closed is closed at once.
    const keep = (opening: Promise<Closable>, name: string) =>
      opening.then(
        (socket) => (closed ? socket.close() : void sockets.push(socket)),
        (error: unknown) => console.warn(`realtime: the ${name} connection could not start`, error),
      );
    void keep(
      transports.openBroadcast({ currentUserId, onGlobalEvent: dispatcher.fromBroadcast, onSocketId: transports.setSocketId, onConnected: resume }),
      'broadcast',
    );
    let liveChat: { sendTyping?(signal: TypingSignal): void } | undefined;
    void keep(
      transports.openLiveChat({ onEvent: dispatcher.fromLiveChat, onConnected: resume }).then((socket) => (liveChat = socket)),
      'live chat',
    );

    return {
      close() {
        closed = true;
        liveChat = undefined;
        connectivity?.removeEventListener('online', resume);
        longPoll.stop();
        longPollStatus.setRetry(undefined);
        sockets.splice(0).forEach((socket) => socket.close());
        chatRooms.dispose();
        transports.setSocketId(undefined);
      },
      sendTyping(roomUuid: string, isTyping: boolean) {
        liveChat?.sendTyping?.({ chat_room_uuid: roomUuid, is_typing: isTyping });
      },
    };
  };

  return {
    start() {
      session ??= open();
    },
    stop() {
      session?.close();
      session = undefined;
    },
    get running() {
      return session !== undefined;
    },
    sendTyping(roomUuid, isTyping) {
      session?.sendTyping(roomUuid, isTyping);
    },
  };
}
