// Which call the user is in, for the call router (src/features/realtime): an incoming call while the
// user is already in another call shows as busy instead of ringing (issue 12; Mattermost Calls does
// not ring a user who is in a call). The calls feature sets it; nothing else writes it.

let current: number | undefined;

export const activeCall = {
  /** The chat_room_call_id the user is ringing, calling or talking in; undefined when in no call. */
  id(): number | undefined {
    return current;
  },
  set(chatRoomCallId: number | undefined): void {
    current = chatRoomCallId;
  },
};
