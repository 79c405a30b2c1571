// What a message's reply quote, reactions and read receipt need from the room (issue 24): jumping to the
// quoted message, reacting, and opening who has read it. The room provides it, so a bubble stays a plain
// component (as poll-actions.ts does for polls).
import { createContext } from 'react';
import type { ReactionType, RoomMessage } from '../api/message-model.ts';

export interface MessageExtrasValue {
  jumpTo(messageUuid: string): void;
  react(message: RoomMessage, reaction: ReactionType): void;
  showReaders(message: RoomMessage): void;
}

export const MessageExtrasActions = createContext<MessageExtrasValue | null>(null);
