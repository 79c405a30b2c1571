// The dispatcher under a stream: 10,000 distinct events, a third from each transport (the long poll, the
// Pusher broadcast, the live-chat socket), each parsed against the realtime contract and handed on exactly
// once, none dropped by the deduplication's bounded memory. How fast it does so is `npm run bench`'s
// (part `dispatch`, scripts/bench/realtime-dispatch.ts).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { subscribe } from '../../shared/events/app-events.ts';
import type { ChatRoomEvent, GlobalEvent } from './api/payloads.ts';
import { createDispatcher, LONG_POLL_IDS_KEPT } from './dispatcher.ts';

const EVENTS = 10_000;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

it(`hands on every one of ${EVENTS.toLocaleString('en')} distinct events from the three transports, each once`, () => {
  const calls: number[] = [];
  const rooms: number[] = [];
  const announcements: number[] = [];
  const unsubscribe = subscribe('global-long-poll:announcement', (payload) => announcements.push(payload.id as number));
  const dispatcher = createDispatcher({
    routeCall: (event: GlobalEvent) => calls.push(event.data.chat_room_call_id!),
    chatRoom: (event: ChatRoomEvent) => rooms.push(event.id),
  });
  for (let id = 1; id <= EVENTS; id += 1) {
    switch (id % 3) {
      case 0:
        dispatcher.fromLongPoll([{ id, name: 'announcement', data: { id } }]);
        break;
      case 1:
        dispatcher.fromBroadcast({ event_type: 'incoming_call', data: { recipient_id: 42, chat_room_call_id: id, meet_room_uuid: `meet-${id}`, rejected_ids: {} } });
        break;
      default:
        dispatcher.fromLiveChat({ id, uuid: `room-${id % 50}`, type: 'individual', event_type: 'new_chat_room', last_message: { message_content: 'Hi', is_owner: false } });
    }
  }
  unsubscribe();
  const ids = (remainder: number) => Array.from({ length: EVENTS }, (_, index) => index + 1).filter((id) => id % 3 === remainder);
  // More of each kind than the dispatcher remembers, so forgetting old ids never drops a new event.
  expect(ids(0).length).toBeGreaterThan(LONG_POLL_IDS_KEPT);
  expect(announcements).toEqual(ids(0));
  expect(calls).toEqual(ids(1));
  expect(rooms).toEqual(ids(2));
  expect(calls.length + rooms.length + announcements.length).toBe(EVENTS);
  expect(warn).not.toHaveBeenCalled();
});
