// Typing signals (asyncapi/asyncapi.yaml: `sendTypingSignal`, `receiveTyping`; x-inferred, issue 24):
// an authenticated socket emits `typing` { chat_room_uuid, is_typing }; the mock relays it, as the
// backend must, only when the socket's user is a member of that room (the sandbox tells who is, see
// mocks/start.ts), to the room's other members' sockets under each one's chat home `websocket_id`,
// with the sender's id and name set here (never read from the payload). Nothing is stored.
import type { Server as SocketIoServer } from 'socket.io';
import { websocketIdOf } from '../sandbox/chat/store.ts';
import { findPerson, fullName } from '../sandbox/people.ts';
import { userSocketRoom } from './access.ts';

export interface ChatRoomMembers {
  /** The sandbox names who is in a room now (undefined for a room it does not know). */
  register(membersOf: (roomUuid: string) => readonly number[] | undefined): void;
  membersOf(roomUuid: string): readonly number[] | undefined;
}

export function createChatRoomMembers(): ChatRoomMembers {
  let lookup: ((roomUuid: string) => readonly number[] | undefined) | undefined;
  return {
    register(membersOf) {
      lookup = membersOf;
    },
    membersOf: (roomUuid) => lookup?.(roomUuid),
  };
}

export interface TypingEvent {
  event_type: 'typing';
  chat_room_uuid: string;
  user_id: number;
  user_name: string;
  is_typing: boolean;
}

/** The relay of one signal: to whom (user ids) and what, or undefined when it is dropped. */
export function typingRelay(rooms: ChatRoomMembers, senderId: number, payload: unknown): { to: number[]; event: TypingEvent } | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { chat_room_uuid: roomUuid, is_typing: isTyping } = payload as Record<string, unknown>;
  if (typeof roomUuid !== 'string' || roomUuid === '' || typeof isTyping !== 'boolean') return undefined;
  const members = rooms.membersOf(roomUuid);
  if (!members?.includes(senderId)) return undefined;
  const someone = findPerson(senderId);
  return {
    to: members.filter((member) => member !== senderId),
    event: { event_type: 'typing', chat_room_uuid: roomUuid, user_id: senderId, user_name: someone ? fullName(someone) : `User ${senderId}`, is_typing: isTyping },
  };
}

/** Listens for `typing` on every accepted socket (authenticateSockets has set its user) and relays it. */
export function relayTyping(io: SocketIoServer, rooms: ChatRoomMembers): void {
  io.on('connection', (socket) => {
    socket.on('typing', (payload: unknown) => {
      const senderId = socket.data.userId as number | undefined;
      if (senderId === undefined) return;
      const relay = typingRelay(rooms, senderId, payload);
      if (!relay) return;
      for (const member of relay.to) io.to(userSocketRoom(member)).emit(websocketIdOf(member), relay.event);
    });
  });
}
