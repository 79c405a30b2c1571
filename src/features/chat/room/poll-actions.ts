// What a poll in the room can do (vote, show its voters): the room provides it, so a bubble stays a
// plain component (the poll card itself loads beside the room's first page: room-parts.ts).
import { createContext } from 'react';
import type { RoomMessage } from '../api/message-model.ts';

export interface PollActionsValue {
  vote(message: RoomMessage, optionIds: number[]): Promise<void>;
  showVoters(message: RoomMessage): void;
}

export const PollActions = createContext<PollActionsValue | null>(null);
