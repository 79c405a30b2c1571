// The one outbox of the signed-in app: started after Home's first content (so pending messages from a
// closed tab go out even if the person never opens Chat) or by the first chat screen, whichever is
// first. It resends when the live-chat socket connects again and when the app comes back to the front.
// What it holds shows in the rooms' lists (the chat's store) as it changes, and each entry's copies
// give way to the server's messages once accepted.
import type { QueryClient } from '@tanstack/react-query';
import { lazyValue } from '../../../api/lazy-value.ts';
import { subscribe } from '../../../shared/events/app-events.ts';
import { onLogout } from '../../../shared/domain/logout-cleanup.ts';
import { roomApi } from '../api/room-api.ts';
import { chatMessages, refetchNewest } from '../store/chat-messages.ts';
import { entryRoom } from './chat-db.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { createPendingMessages } from './pending-messages.ts';

export interface OutboxRunnerDeps {
  queryClient: QueryClient;
  currentUserId(): number | undefined;
}

/** Starts the outbox: it resends on the socket's return and the app's, and shows what it holds in the rooms. */
function startOutbox({ queryClient, currentUserId }: OutboxRunnerDeps): { outbox: Outbox; stop(): void } {
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
  void outbox.reload().then(flush);
  return {
    outbox,
    stop() {
      offList();
      offSocket();
      document.removeEventListener('visibilitychange', onVisible);
      outbox.dispose();
      chatMessages.setPending([]);
    },
  };
}

/** The running outbox: started by the first ensureOutbox() (with its deps; later calls' are not used), until stopOutbox(). */
const running = lazyValue(startOutbox);

export function ensureOutbox(deps: OutboxRunnerDeps): Outbox {
  return running.get(deps).outbox;
}

export function stopOutbox(): void {
  running.reset()?.stop();
}

// Whatever way the session ends (Log out, or a 401), the outbox holding the person's messages stops:
// the next person gets an outbox of their own.
onLogout(stopOutbox);
