// The navigation state that opens the chat list with the Start Live Chat modal (messages/direct-chat
// opened without a person or a room). Opening a modal writes nothing, so any opener may ask for it.
export const START_CHAT_STATE = { startChat: true } as const;

export const asksToStartChat = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { startChat?: unknown }).startChat === true;
