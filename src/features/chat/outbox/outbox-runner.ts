// The one outbox of the signed-in app: started after Home's first content (so pending messages from a
// closed tab go out even if the person never opens Chat) or by the first chat screen, whichever is
// first. It resends when the live-chat socket connects again and when the app comes back to the front.
import type { QueryClient } from '@tanstack/react-query';
import { subscribe } from '../../../shared/events/app-events.ts';
import { onLogout } from '../../../shared/session/logout-cleanup.ts';
import { chatAdapter } from '../api/messages.ts';
import { insertMessages } from '../api/room-messages.ts';
import { createOutbox, type Outbox } from './outbox.ts';

let running: { outbox: Outbox; stop(): void } | undefined;

export interface OutboxRunnerDeps {
  queryClient: QueryClient;
  currentUserId(): number | undefined;
}

export function ensureOutbox({ queryClient, currentUserId }: OutboxRunnerDeps): Outbox {
  if (running) return running.outbox;
  const outbox = createOutbox({
    send: (entry) => chatAdapter(entry.version).send(entry.roomUuid, entry.text, entry.clientId),
    onSent: (entry, message) => insertMessages(queryClient, entry.version, entry.roomUuid, [message]),
    currentUserId,
  });
  const flush = () => void outbox.flush();
  const onVisible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  const offSocket = subscribe('chat:socket-connected', flush);
  document.addEventListener('visibilitychange', onVisible);
  running = {
    outbox,
    stop() {
      offSocket();
      document.removeEventListener('visibilitychange', onVisible);
      outbox.dispose();
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
