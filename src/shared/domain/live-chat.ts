// A live chat room update as realtime publishes it (chat:live-chat) and chat and the badge read it: a
// type the features share (src/shared/events/app-events.ts).
import type { LiveChatMessage } from '../../api/models.ts';
import type { CallSummaryFields } from './call-summary.ts';

export interface LiveChatRoomUpdate {
  roomId: number;
  roomUuid: string;
  /** The room's unread messages as the server counts them, when it says. */
  unread: number | undefined;
  lastMessage: {
    content: string | null;
    createdAt: string | null;
    fromCurrentUser: boolean;
    /** `call` for a call's line (x-inferred), with how the call ended: the chat list words it. */
    type?: string | null;
    call?: CallSummaryFields | null;
  } | null;
  /** The message that changed the room, when the event carries it (x-inferred in the realtime contract). */
  message: LiveChatMessage | undefined;
}
