// Call endings the call router has forwarded lately (issue 12). An ending can arrive before the call
// screen has its session: the other side declines or hangs up while this side is still loading the
// call (GET /live-chat/chat-room-calls/{id}) or its code. The router records every ending it forwards;
// a session starting for that call ends at once. A call that rings again (the same id) is forgotten
// first, so an old ending never cuts a new ring short.
import type { CallEventNotice } from '../events/app-events.ts';

/** Endings older than this cannot concern a screen still opening. */
const KEEP_MS = 5 * 60_000;

const endings = new Map<number, { notice: CallEventNotice; at: number }>();

export const callEnds = {
  record(notice: CallEventNotice, now = Date.now()): void {
    if (notice.chatRoomCallId === undefined || notice.type === 'incoming_call') return;
    for (const [id, ending] of endings) if (now - ending.at > KEEP_MS) endings.delete(id);
    endings.set(notice.chatRoomCallId, { notice, at: now });
  },
  forget(chatRoomCallId: number): void {
    endings.delete(chatRoomCallId);
  },
  of(chatRoomCallId: number, now = Date.now()): CallEventNotice | undefined {
    const ending = endings.get(chatRoomCallId);
    return ending && now - ending.at <= KEEP_MS ? ending.notice : undefined;
  },
};
