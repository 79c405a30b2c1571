// Says over the live-chat socket that the person is typing in this room (x-inferred, issue 24): at
// most once every 3 s while the field changes, and that they stopped once it is sent, emptied or left.
// The realtime feature sends it (chat:send-typing); others' apps show "… is typing" for 6 s after each.
import { publish } from '../../../shared/events/app-events.ts';

export const TYPING_SIGNAL_EVERY_MS = 3000;

export interface TypingSignal {
  input(text: string): void;
  stop(): void;
}

export function createTypingSignal(roomUuid: string, now: () => number = Date.now): TypingSignal {
  let sentAt = 0;
  const stop = () => {
    if (sentAt === 0) return;
    sentAt = 0;
    publish('chat:send-typing', { roomUuid, isTyping: false });
  };
  return {
    input(text) {
      if (text.trim() === '') return stop();
      if (sentAt !== 0 && now() - sentAt < TYPING_SIGNAL_EVERY_MS) return;
      sentAt = now();
      publish('chat:send-typing', { roomUuid, isTyping: true });
    },
    stop,
  };
}
