// How a room says its user is typing (x-inferred, issue 24): the live-chat socket belongs to the
// realtime feature, so the chat feature is handed this sender by src/app, which connects the two
// (a call between their ports, not an event). Until the socket is open it sends nothing.
import { createContext } from 'react';

export type SendTyping = (roomUuid: string, isTyping: boolean) => void;

export const SendTypingContext = createContext<SendTyping>(() => undefined);
