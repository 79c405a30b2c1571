// `npm run bench` (realtime): the dispatcher under load — 1,000 events a second for 10 s, every event
// parsed against the realtime contract, deduplicated and dispatched as in the app. Each second's
// thousand events run as one synchronous batch (the worst case: a burst arriving in one task), and the
// longest batch is what a user would feel as a long task. Run with tsx (the generated code imports
// without file extensions). Prints JSON figures for scripts/bench.ts.
import { subscribe } from '../../src/shared/events/app-events.ts';
import { createDispatcher } from '../../src/features/realtime/dispatcher.ts';

const EVENTS_PER_SECOND = 1000;
const SECONDS = 10;

let routed = 0;
let chat = 0;
let named = 0;
const unsubscribe = subscribe('global-long-poll:announcement', () => (named += 1));
const dispatcher = createDispatcher({ routeCall: () => (routed += 1), chatRoom: () => (chat += 1) });

const batches: number[] = [];
let id = 0;
for (let second = 0; second < SECONDS; second += 1) {
  const started = performance.now();
  for (let index = 0; index < EVENTS_PER_SECOND; index += 1) {
    id += 1;
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
  batches.push(performance.now() - started);
}
unsubscribe();
batches.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    events: EVENTS_PER_SECOND * SECONDS,
    handled: routed + chat + named,
    longestBatchMs: Math.round(batches.at(-1)! * 10) / 10,
    medianBatchMs: Math.round(batches[Math.floor(batches.length / 2)]! * 10) / 10,
  }),
);
