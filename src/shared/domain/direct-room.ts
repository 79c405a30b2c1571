// A direct (individual) chat as the signed-in person sees it. The server names the room's two people
// by who started it: `from_*` is the person who started the chat, `to_*` the one it was started with
// (`to` is that person's id). So "the other person" is `to_*` when I started it and `from_*` when the
// other person did. Shared by chat (the list, the detail) and calls (the "Calling…" screen).

/** The fields of a chat room (SPEC §2) that say who is in a direct room; a feature's room type fits it. */
export interface DirectRoomPeople {
  type?: string | null;
  to?: number | null;
  individual_name?: string | null;
  from_user_name?: string | null;
  to_user_name?: string | null;
  from_user_avatar?: string | null;
  to_user_avatar?: string | null;
}

/**
 * Whether the other person started this direct room: `to` is my id. Without `to` (an older answer),
 * the room's name for me (`individual_name`, the other person's name) tells: it is the starter's name.
 */
export function otherPersonStarted(room: DirectRoomPeople, myUserId: number | null | undefined): boolean {
  if (room.to != null && myUserId != null) return room.to === myUserId;
  const shown = room.individual_name?.trim();
  return !!shown && shown === room.from_user_name?.trim() && shown !== room.to_user_name?.trim();
}

/** The other person's picture in a direct room (null in a group or when they have none). */
export function otherPersonAvatar(room: DirectRoomPeople | null | undefined, myUserId: number | null | undefined): string | null {
  if (!room || room.type === 'group') return null;
  return (otherPersonStarted(room, myUserId) ? room.from_user_avatar : room.to_user_avatar) || null;
}

/**
 * The other person's user id in a direct room: `to` when I started it, `from` (x-inferred, the
 * starter) when they did; null in a group or when the answer does not say.
 */
export function otherPersonId(room: DirectRoomPeople & { from?: number | null }, myUserId: number | null | undefined): number | null {
  if (room.type === 'group') return null;
  const id = otherPersonStarted(room, myUserId) ? room.from : room.to;
  return typeof id === 'number' && id !== myUserId ? id : null;
}

/** The other person's name in a direct room: the room's name for me, else the founder who is not me. */
export function otherPersonName(room: DirectRoomPeople, myUserId: number | null | undefined): string {
  return room.individual_name?.trim() || ((otherPersonStarted(room, myUserId) ? room.from_user_name : room.to_user_name) ?? '').trim();
}
