// The recent and frequent contacts shown before a people search is typed (issue 37, item 2), derived
// from what the app already has: the chat home's direct chats (the other person, the chat's last
// activity) and, on the Call tab, the call history's direct calls. A person met in several places is
// listed once, at their latest time; among equally recent ones the more frequent comes first. HR chats
// are left out (the other side is a desk, not a colleague one picks), and so is anyone whose id the
// answer does not give (they could not be chosen).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CHAT_HOME_FRESH_MS, chatHomeOptions } from '../../api/chat-home.ts';
import { otherPersonAvatar, otherPersonId, otherPersonName, type DirectRoomPeople } from '../domain/direct-room.ts';
import { parseDate } from '../format/formatters.ts';

export interface RecentRoom extends DirectRoomPeople {
  uuid: string;
  name?: string | null;
  from?: number | null;
  is_chat_with_hr?: number | null;
  last_message?: { created_at?: string | null } | null;
  updated_at?: string | null;
  created_at?: string | null;
}

/** A moment a person was in touch: a room's last activity, or a call (its own time). */
export interface Contact {
  room: RecentRoom;
  at?: string | null;
}

export interface RecentContact {
  userId: number;
  name: string;
  avatar: string | null;
  /** Their direct room with me (the latest one it was seen in). */
  roomUuid: string;
  lastAt: number;
  times: number;
}

/** How many are offered before typing. */
export const RECENT_CONTACTS_SHOWN = 8;

const timeOf = (contact: Contact) => {
  const { room } = contact;
  return parseDate(contact.at ?? room.last_message?.created_at ?? room.updated_at ?? room.created_at)?.getTime() ?? 0;
};

export function recentContacts(contacts: readonly Contact[], myUserId: number | null | undefined, limit = RECENT_CONTACTS_SHOWN): RecentContact[] {
  const people = new Map<number, RecentContact>();
  for (const contact of contacts) {
    const { room } = contact;
    if (room.type === 'group' || room.is_chat_with_hr === 1) continue;
    const userId = otherPersonId(room, myUserId);
    const name = otherPersonName(room, myUserId);
    if (userId === null || !name) continue;
    const at = timeOf(contact);
    const known = people.get(userId);
    if (!known) {
      people.set(userId, { userId, name, avatar: otherPersonAvatar(room, myUserId), roomUuid: room.uuid, lastAt: at, times: 1 });
    } else {
      known.times += 1;
      if (at > known.lastAt) Object.assign(known, { lastAt: at, roomUuid: room.uuid, name, avatar: otherPersonAvatar(room, myUserId) ?? known.avatar });
    }
  }
  return [...people.values()].sort((a, b) => b.lastAt - a.lastAt || b.times - a.times).slice(0, limit);
}

/**
 * The recent contacts from the chat home (fetched if no recent answer is cached), with `more` (the
 * Call tab's calls) counted too. Empty while the chat home loads or when it fails.
 */
export function useRecentContacts(more: readonly Contact[] = []): RecentContact[] {
  const home = useQuery({ ...chatHomeOptions(), staleTime: CHAT_HOME_FRESH_MS });
  const me = home.data?.chat_home?.user_id;
  const rooms = home.data?.chat_rooms;
  return useMemo(() => recentContacts([...(rooms ?? []).map((room) => ({ room })), ...more], me), [rooms, more, me]);
}
