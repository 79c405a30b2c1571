// The open room, bound once from its address: its API (version and adapter, api/room-api.ts) and the
// outbox its messages go through. The room's parts (the upload modal, the sticker picker's sender,
// polls) read it here instead of being handed a version.
import { createContext, useContext } from 'react';
import type { RoomApi } from '../api/room-api.ts';
import type { Outbox } from '../outbox/outbox.ts';

export interface OpenRoom {
  api: RoomApi;
  /** The outbox, once its code has loaded (it loads beside the room's first page). */
  outbox: Promise<Outbox>;
}

export const OpenRoomContext = createContext<OpenRoom | null>(null);

export function useOpenRoom(): OpenRoom {
  const room = useContext(OpenRoomContext);
  if (!room) throw new Error('useOpenRoom: outside a chat room');
  return room;
}
