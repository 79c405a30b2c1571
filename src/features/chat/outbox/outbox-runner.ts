// The one outbox of the signed-in app: started after Home's first content (so pending messages from a
// closed tab go out even if the person never opens Chat) or by the first chat screen, whichever is
// first. It resends when the live-chat socket connects again and when the app comes back to the front.
// What it holds shows in the rooms' lists (the chat's store) as it changes, and each entry's copies
// give way to the server's messages once accepted.
import type { QueryClient } from '@tanstack/react-query';
import { subscribe } from '../../../shared/events/app-events.ts';
import { onLogout } from '../../../shared/domain/logout-cleanup.ts';
import { roomApi } from '../api/room-api.ts';
import { chatMessages, refetchNewest } from '../store/chat-messages.ts';
import { entryRoom } from './chat-db.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { createPendingMessages } from './pending-messages.ts';

let running: { outbox: Outbox; stop(): void } | undefined;

export interface OutboxRunnerDeps {
  queryClient: QueryClient;
  currentUserId(): number | undefined;
}

export function ensureOutbox({ queryClient, currentUserId }: OutboxRunnerDeps): Outbox {
  if (running) return running.outbox;
  const outbox = createOutbox({
    send: (entry, transfer) => roomApi(entryRoom(entry)).send(entry, entry.clientId, transfer),
    onSent: (entry, messages) => {
      chatMessages.confirmSent(entryRoom(entry), entry.clientId, messages);
      // An answer without its messages: the newest page is read again (they show from there).
      if (messages.length === 0) void refetchNewest(queryClient, entryRoom(entry));
    },
    currentUserId,
  });
  const pendingMessages = createPendingMessages();
  const offList = outbox.subscribe(() => chatMessages.setPending(pendingMessages(outbox.getSnapshot())));
  const flush = () => void outbox.flush();
  const onVisible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  const offSocket = subscribe('chat:socket-connected', flush);
  document.addEventListener('visibilitychange', onVisible);
  running = {
    outbox,
    stop() {
      offList();
      offSocket();
      document.removeEventListener('visibilitychange', onVisible);
      outbox.dispose();
      chatMessages.setPending([]);
    },
  };
  void outbox.reload().then(flush);
  return outbox;
}

export function stopOutbox(): void {
  running?.stop();
  running = undefined;
}

// Whatever way the session ends (Log out, or a 401), the outbox holding the person's messages stops:
// the next person gets an outbox of their own.
onLogout(stopOutbox);
