// What a poll in the room needs from the room (its failure handler, the voters sheet): the room provides
// it, so a bubble stays a plain component. The poll card votes itself (it loads beside the room's first
// page: room-parts.ts, with the vote call's code).
import { createContext } from 'react';
import type { RoomMessage } from '../api/message-model.ts';

export interface PollActionsValue {
  /** Shows why a vote failed (the room's failure handler). */
  fail(error: unknown): Promise<void> | void;
  showVoters(message: RoomMessage): void;
}

export const PollActions = createContext<PollActionsValue | null>(null);
