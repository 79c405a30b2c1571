// The chat home (GET /live-chat/home) for everything that reads it: the chat list, the badge and the
// live-chat socket. A person in thousands of rooms gets a list of thousands of rooms, and checking it
// against the contract in one go blocks a phone's main thread for tens of milliseconds; here the
// envelope is checked first and the rooms in slices of a few milliseconds each, giving the page a turn
// between slices. The check is as strict as the generated one: any room that breaks the contract fails
// the whole answer.
import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getChatHomeOptions } from '../../generated/http/@tanstack/react-query.gen.ts';
import { zChatHomeResponse, zChatRoom } from '../../generated/http/zod.gen.ts';

/** Up to this many rooms are checked in one go (a few milliseconds on a phone). */
const ROOMS_PER_SLICE = 250;
/** A slice ends once it has taken this long, so no task comes near 50 ms on a slow phone. */
const SLICE_MS = 12;
const zRoomSlice = z.array(zChatRoom);

/**
 * A turn for the page between slices: `scheduler.yield()` where the browser has it (the rest of the
 * check goes before other queued work), else a message to ourselves. Not setTimeout: nested timers are
 * held back by at least 4 ms each, which for 20 slices was most of the time the check took.
 */
function nextTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export async function validateChatHome(data: unknown) {
  const rooms = (data as { chat_rooms?: unknown } | null)?.chat_rooms;
  if (!Array.isArray(rooms) || rooms.length <= ROOMS_PER_SLICE) return zChatHomeResponse.parse(data);
  const envelope = zChatHomeResponse.parse({ ...(data as object), chat_rooms: [] });
  const checked: Array<z.infer<typeof zChatRoom>> = [];
  let sliceStart = performance.now();
  for (let start = 0; start < rooms.length; start += ROOMS_PER_SLICE) {
    if (start > 0 && performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    for (const room of zRoomSlice.parse(rooms.slice(start, start + ROOMS_PER_SLICE))) checked.push(room);
  }
  return { ...envelope, chat_rooms: checked };
}

export const chatHomeOptions = () => getChatHomeOptions({ responseValidator: validateChatHome });

/**
 * How long a chat home answer stands in for a new fetch where only a recent one is needed: the badge's
 * first count, the live-chat socket's websocket id, and the list's catch-up once the socket connects.
 * The list, the badge and the socket then share the one fetch the list makes when it opens. The cost:
 * a live event in the seconds between that answer and the socket's connection reaches the list with the
 * next event or fetch, not at once.
 */
export const CHAT_HOME_FRESH_MS = 10_000;

/** The cached chat home when it is under CHAT_HOME_FRESH_MS old, the one on its way when one is, else a new fetch. */
export const recentChatHome = (queryClient: QueryClient) => queryClient.fetchQuery({ ...chatHomeOptions(), staleTime: CHAT_HOME_FRESH_MS });
