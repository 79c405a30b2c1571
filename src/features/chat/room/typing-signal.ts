// Says over the live-chat socket that the person is typing in this room (x-inferred, issue 24): at
// most once every 3 s while the field changes, and that they stopped once it is sent, emptied or left.
// The realtime feature sends it (send-typing.ts); others' apps show "… is typing" for 6 s after each.
import type { SendTyping } from './send-typing.ts';

export const TYPING_SIGNAL_EVERY_MS = 3000;

export interface TypingSignal {
  input(text: string): void;
  stop(): void;
}

export function createTypingSignal(roomUuid: string, send: SendTyping, now: () => number = Date.now): TypingSignal {
  let sentAt = 0;
  const stop = () => {
    if (sentAt === 0) return;
    sentAt = 0;
    send(roomUuid, false);
  };
  return {
    input(text) {
      if (text.trim() === '') return stop();
      if (sentAt !== 0 && now() - sentAt < TYPING_SIGNAL_EVERY_MS) return;
      sentAt = now();
      send(roomUuid, true);
    },
    stop,
  };
}
