// The chat feature's face: the one module of it src/app imports (lint), and what loads when.
// Static exports load with the app's entry; each screen loads on its route (./routes.ts, which also
// says which screens come in one chunk), the rest by the loaders below. Inside a room: the parts of a
// message most do not have load as it opens (room/room-parts.ts), the typing line and search once its
// messages show (room/room-extras.ts), its dialogs after that or on a tap (room/room-dialogs.ts).

// On their routes: the chat list, a room, and the screens reached from them.
export { chatRoutes } from './routes.ts';
// At start: how a room's typing reaches the live-chat socket (src/app provides the sender).
export { SendTypingContext, type SendTyping } from './room/send-typing.ts';

/**
 * Once the first screen shows, while signed in: the outbox's runner, only when messages wait in it (a
 * tab closed or reloaded while they were on their way); otherwise null, and the chat code stays unloaded.
 */
export async function loadOutboxIfPending() {
  const { pendingOutboxCount } = await import('./outbox/pending-count.ts');
  return (await pendingOutboxCount()) > 0 ? import('./outbox/outbox-runner.ts') : null;
}
