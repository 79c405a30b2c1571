// The call handler of SPEC §4: an incoming call for the current user opens the video-call screen; a
// call ending (caller, receiver, group caller, no answer) reaches the app only when the current user
// is in the event's rejected_ids; the backend's `testing` event is only logged. An incoming call while
// the user is in another call does not ring (as Mattermost Calls): the app is told it is busy.
import { activeCall } from '../../shared/calls/active-call.ts';
import { callEnds } from '../../shared/calls/call-ends.ts';
import { publish, type CallEventNotice } from '../../shared/events/app-events.ts';
import { toSafePath } from '../../shared/safe-path/safe-path.ts';
import type { GlobalEvent } from './api/payloads.ts';
import { assertNever } from './assert-never.ts';

export interface CallRouterDeps {
  /** The signed-in user's id (undefined before the user data is known: nothing is for them then). */
  currentUserId(): number | undefined;
  /** Opens an in-app path (already checked by safe-path). */
  openPath(path: string): void;
}

/** What the router did, for tests and logs. */
export type CallOutcome = 'opened' | 'already-open' | 'busy' | 'forwarded' | 'not-for-user' | 'logged';

const videoCallPath = (chatRoomCallId: number) => toSafePath(`chat/chat-detail/video-call/${chatRoomCallId}`);

function notice(event: GlobalEvent, type: CallEventNotice['type']): CallEventNotice {
  return { type, chatRoomCallId: event.data.chat_room_call_id, meetRoomUuid: event.data.meet_room_uuid, recipientId: event.data.recipient_id };
}

/** SPEC §3: rejected_ids is a map keyed by user id. */
export function isInRejectedIds(event: GlobalEvent, userId: number | undefined): boolean {
  const rejected = event.data.rejected_ids;
  return userId !== undefined && rejected !== undefined && Object.hasOwn(rejected, String(userId));
}

export function createCallRouter(deps: CallRouterDeps): (event: GlobalEvent) => CallOutcome {
  return (event) => {
    const userId = deps.currentUserId();
    const type = event.event_type;
    switch (type) {
      case 'incoming_call': {
        const callId = event.data.chat_room_call_id;
        if (userId === undefined || event.data.recipient_id !== userId || callId === undefined) return 'not-for-user';
        const current = activeCall.id();
        // The same call again (delivered by both the socket and the long poll): its screen is already open.
        if (current === callId) return 'already-open';
        if (current !== undefined) {
          publish('call:event', { ...notice(event, type), busy: true });
          return 'busy';
        }
        callEnds.forget(callId); // It rings again: an earlier ending of the same id no longer counts.
        const path = videoCallPath(callId);
        if (path) deps.openPath(path);
        publish('call:event', notice(event, type));
        return 'opened';
      }
      case 'end_call_from_caller':
      case 'end_call_from_receiver':
      case 'end_call_from_caller_group':
      case 'no_answer':
        if (!isInRejectedIds(event, userId)) return 'not-for-user';
        callEnds.record(notice(event, type));
        publish('call:event', notice(event, type));
        return 'forwarded';
      case 'testing':
        console.info('realtime: testing event received', event.data);
        return 'logged';
      default:
        return assertNever(type, 'call event type');
    }
  };
}
