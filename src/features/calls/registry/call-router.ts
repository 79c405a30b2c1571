// The call handler of SPEC §4, applied by the call registry to every call event realtime hands over:
// an incoming call for the current user opens the video-call screen; a call ending (caller, receiver,
// group caller, no answer) reaches the app only when the current user is in the event's rejected_ids;
// the backend's `testing` event is only logged. An incoming call while the user is in another call
// does not ring (as Mattermost Calls): it shows as busy in the call the user is in.
import type { CallEvent, CallEventType } from '../../../api/models.ts';

/** The events that end a call (SPEC §3's names, from the realtime contract's CallEventType). */
export type CallEnding = Exclude<CallEventType, 'incoming_call' | 'testing'>;

/** What the router decided, for tests and logs. */
export type CallOutcome = 'opened' | 'already-open' | 'busy' | 'forwarded' | 'not-for-user' | 'logged';

export interface CallRouting {
  /** The signed-in user's id (undefined before the user data is known: nothing is for them then). */
  userId: number | undefined;
  /** The call the user is in now, if any. */
  currentCallId: number | undefined;
  /** Rings: opens the call's screen. */
  ring(chatRoomCallId: number): void;
  /** Another call rang while the user is in this one. */
  busy(chatRoomCallId: number): void;
  /** A call ended for the user. */
  end(chatRoomCallId: number | undefined, ending: CallEnding): void;
}

/** SPEC §3: rejected_ids is a map keyed by user id. */
export function isInRejectedIds(event: CallEvent, userId: number | undefined): boolean {
  const rejected = event.data.rejected_ids;
  return userId !== undefined && rejected !== undefined && Object.hasOwn(rejected, String(userId));
}

export function routeCallEvent(event: CallEvent, routing: CallRouting): CallOutcome {
  const { userId } = routing;
  const type = event.event_type;
  switch (type) {
    case 'incoming_call': {
      const callId = event.data.chat_room_call_id;
      if (userId === undefined || event.data.recipient_id !== userId || callId === undefined) return 'not-for-user';
      // The same call again (delivered by both the socket and the long poll): its screen is already open.
      if (routing.currentCallId === callId) return 'already-open';
      if (routing.currentCallId !== undefined) {
        routing.busy(callId);
        return 'busy';
      }
      routing.ring(callId);
      return 'opened';
    }
    case 'end_call_from_caller':
    case 'end_call_from_receiver':
    case 'end_call_from_caller_group':
    case 'no_answer':
      if (!isInRejectedIds(event, userId)) return 'not-for-user';
      routing.end(event.data.chat_room_call_id, type);
      return 'forwarded';
    case 'testing':
      console.info('calls: testing event received', event.data);
      return 'logged';
    default: {
      const unknown: never = type;
      throw new Error(`Unhandled call event type: ${String(unknown)}`);
    }
  }
}
