// A logout ends the call the person is in (issue 19): the server is told at once (while the session's
// token is still set, the logout flow runs this first), the camera and microphone are released, and
// the next person's call screens never pick the call up.
import { describe, expect, it, vi } from 'vitest';
import { activeCall } from '../../../shared/calls/active-call.ts';
import { runLogoutCleanups } from '../../../shared/session/logout-cleanup.ts';
import { fakeMedia } from '../media/testing/fake-call-media.ts';
import { createCallSession } from './call-session.ts';
import { currentCallSession, sessionFor } from './current-call.ts';

describe('the current call at logout', () => {
  it('is hung up, its media released, and forgotten', async () => {
    const { media } = fakeMedia();
    const endCall = vi.fn(async () => ({}));
    const call = sessionFor(7, () =>
      createCallSession({ callId: 7, role: 'caller', isGroup: false, meetRoomUuid: 'meet', roomUuid: 'room-1', status: 'ringing', joinAtStart: true, media, endCall, fetchStatus: async () => 'ringing' }),
    );
    call.start();
    expect(activeCall.id()).toBe(7);

    const cleanups = runLogoutCleanups();
    // Told synchronously, before the logout flow clears the token.
    expect(endCall).toHaveBeenCalledWith(7, 'end_call_from_caller');
    await cleanups;
    expect(media.leave).toHaveBeenCalled();
    expect(call.getState().phase).toBe('ended');
    expect(activeCall.id()).toBeUndefined();
    expect(currentCallSession()).toBeUndefined();
  });
});
