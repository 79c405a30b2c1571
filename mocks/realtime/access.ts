// Who may receive what on the realtime mock, as the contract asks of the backend (asyncapi: the
// `callRoom` channel and the `liveChat` server): a call room's presence channel only for the members
// of the call's chat room, and live-chat events only on the sockets of the user they are for, whose
// socket.io handshake carried a token the sandbox knows.
import type { Server as SocketIoServer } from 'socket.io';
import { DEMO_CALL } from '../sandbox/chat/calls.ts';
import { knownUserIdFromToken } from '../sandbox/chat/identity.ts';
import { userIdOfWebsocketId } from '../sandbox/chat/store.ts';

export interface CallRooms {
  /**
   * A call's meet room exists; `members` answers who may join it now (the call's chat room's members);
   * `joined` hears each member who comes into its call room (as a Pusher `member_added` webhook would).
   */
  register(meetRoomUuid: string, members: () => readonly number[], joined?: (userId: number) => void): void;
  /** Who may join the meet room's call room now; undefined for a meet room no call has. */
  membersOf(meetRoomUuid: string): readonly number[] | undefined;
  /** A member came into the meet room's call room (its presence channel). */
  memberJoined(meetRoomUuid: string, userId: number): void;
}

/**
 * The meet rooms the sandbox registered (mocks/start.ts). Without a sandbox (the mock alone) it knows
 * the seeded call of the `incoming-call` example, Rizky Pratama 57 and Ayu Lestari 42, so an emitted
 * call can still be answered.
 */
export function createCallRooms(): CallRooms {
  const rooms = new Map<string, () => readonly number[]>();
  const joins = new Map<string, (userId: number) => void>();
  rooms.set(DEMO_CALL.meetRoomUuid, () => [DEMO_CALL.callerId, DEMO_CALL.calleeId]);
  return {
    register(meetRoomUuid, members, joined) {
      rooms.set(meetRoomUuid, members);
      if (joined) joins.set(meetRoomUuid, joined);
    },
    membersOf(meetRoomUuid) {
      return rooms.get(meetRoomUuid)?.();
    },
    memberJoined(meetRoomUuid, userId) {
      joins.get(meetRoomUuid)?.(userId);
    },
  };
}

/** The meet room of a call room's presence channel name, `presence-{prefix}_call.{meetRoomUuid}`. */
export function meetRoomOfChannel(prefix: string, channelName: string): string | undefined {
  const start = `presence-${prefix}_call.`;
  if (!channelName.startsWith(start)) return undefined;
  const meetRoomUuid = channelName.slice(start.length);
  return meetRoomUuid === '' ? undefined : meetRoomUuid;
}

/** The socket.io room of one user's sockets (every tab and device signed in as them). */
export const userSocketRoom = (userId: number) => `user:${userId}`;

/**
 * Refuses a socket.io connection without a known token in its handshake (`auth: { token }`): the
 * client gets `connect_error` "Unauthenticated." and nothing else. An accepted socket joins its user's room.
 */
export function authenticateSockets(io: SocketIoServer): void {
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const userId = knownUserIdFromToken(auth?.token);
    if (userId === undefined) return next(new Error('Unauthenticated.'));
    socket.data.userId = userId;
    void socket.join(userSocketRoom(userId));
    next();
  });
}

/**
 * The user a live-chat event is for: the event is named after the recipient's chat home `websocket_id`
 * (the mock's configured one is its signed-in user's; the sandbox's are websocketIdOf's).
 */
export function recipientOfLiveChatEvent(event: string, configured: { websocketId: string; userId: number }): number | undefined {
  return event === configured.websocketId ? configured.userId : userIdOfWebsocketId(event);
}
