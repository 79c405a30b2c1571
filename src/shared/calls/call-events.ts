// The one way call events go from the realtime feature to the calls feature (ARCHITECTURE "Calls own
// the call state"). Realtime parses each event against the realtime contract and hands it over here;
// the calls feature's registry registers as the receiver when the app sets it up, and decides what each
// event means (SPEC §4: ring, busy, end, or nothing). Both load in parallel once the first screen has
// shown, so an event handed over before the registry has registered waits here and reaches it, in
// order, when it does: never one dropped for arriving too early.
import type { CallEvent, CallEventType } from '../../api/models.ts';
import { onLogout } from '../session/logout-cleanup.ts';

export type { CallEvent, CallEventType };

export type CallEventReceiver = (event: CallEvent) => void;

/**
 * How long an event may wait for the receiver: a call rings for 60 s, so an older event concerns a call
 * that is over (its screen would only say so).
 */
export const CALL_EVENT_HOLD_MS = 60_000;
/** At most this many wait (the wait lasts as long as the calls code takes to load: a few events at most). */
const HELD_LIMIT = 50;

let receiver: CallEventReceiver | undefined;
let held: Array<{ event: CallEvent; at: number }> = [];

/** Realtime: one parsed, deduplicated call event. */
export function handOverCallEvent(event: CallEvent, now = Date.now()): void {
  if (receiver) return receiver(event);
  held.push({ event, at: now });
  if (held.length > HELD_LIMIT) held.shift();
}

/** Calls: receives every call event from now on, and at once those that waited for it; returns the withdrawal. */
export function receiveCallEvents(next: CallEventReceiver, now = Date.now()): () => void {
  receiver = next;
  const waiting = held;
  held = [];
  for (const { event, at } of waiting) if (now - at <= CALL_EVENT_HOLD_MS) next(event);
  return () => {
    if (receiver === next) receiver = undefined;
  };
}

// Nothing meant for one person waits for the next one.
onLogout(() => {
  held = [];
});
