// The two route families of live chat (SPEC §2): /chats (the Chat tab, v2 calls) and /live-chat (v1).
// The room is in the address (`?uuid=`), so a reload or a deep link reopens it.
import type { ChatVersion } from './api/room-api.ts';

export const versionOfPath = (pathname: string): ChatVersion => (pathname.startsWith('/live-chat') ? 'v1' : 'v2');

export const listPath = (version: ChatVersion) => (version === 'v1' ? '/live-chat' : '/chats');

export const roomPath = (version: ChatVersion, roomUuid: string) =>
  `${version === 'v1' ? '/live-chat/chat-room' : '/chats/chat'}?uuid=${encodeURIComponent(roomUuid)}`;

/** A v2 group's detail screen. */
export const detailPath = (roomUuid: string) => `/chats/detail?uuid=${encodeURIComponent(roomUuid)}`;

/** Setting up a poll in a group (v2). */
export const votePath = (roomUuid: string) => `/chats/vote?uuid=${encodeURIComponent(roomUuid)}`;
