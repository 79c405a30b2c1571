// The chat home (GET /live-chat/home) for everything that reads it: the chat list, the badge and the
// live-chat socket. A person in thousands of rooms gets a list of thousands of rooms, and checking it
// against the contract in one go blocks a phone's main thread for hundreds of milliseconds; here the
// envelope is checked first and the rooms in slices, giving the page a turn between slices. The check
// is as strict as the generated one: any room that breaks the contract fails the whole answer.
import * as z from 'zod/mini';
import { getChatHomeOptions } from '../../generated/http/@tanstack/react-query.gen.ts';
import { getChatHome } from '../../generated/http/sdk.gen.ts';
import { zChatHomeResponse, zChatRoom } from '../../generated/http/zod.gen.ts';

const ROOMS_PER_SLICE = 250;
const zRoomSlice = z.array(zChatRoom);
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function validateChatHome(data: unknown) {
  const rooms = (data as { chat_rooms?: unknown } | null)?.chat_rooms;
  if (!Array.isArray(rooms) || rooms.length <= ROOMS_PER_SLICE) return zChatHomeResponse.parseAsync(data);
  const envelope = await zChatHomeResponse.parseAsync({ ...(data as object), chat_rooms: [] });
  const checked = [];
  for (let start = 0; start < rooms.length; start += ROOMS_PER_SLICE) {
    if (start > 0) await nextTurn();
    checked.push(...(await zRoomSlice.parseAsync(rooms.slice(start, start + ROOMS_PER_SLICE))));
  }
  return { ...envelope, chat_rooms: checked };
}

export const chatHomeOptions = () => getChatHomeOptions({ responseValidator: validateChatHome });

export const fetchChatHome = () => getChatHome({ throwOnError: true, responseValidator: validateChatHome });
