// A message on index.html's static start screen, drawn before the app (and its translations, whose
// language is itself kept in the storage) exists: its texts are English, as that screen's are. Used when
// the storage has not answered for a long time (./storage-stalled.ts) and when the app's code cannot load
// (./start.ts).

export const START_NOTICE_RETRY = 'Try again';

/**
 * Adds `text` and a Try again button (which opens the page afresh) to the start screen under `root`,
 * keeping its spinner while the start still waits (`busy`); returns what takes it away.
 */
export function showStartNotice(root: HTMLElement, text: string, { busy, reload = () => window.location.reload() }: { busy: boolean; reload?: () => void }): () => void {
  const notice = document.createElement('div');
  notice.className = 'boot-notice';
  notice.setAttribute('role', 'alert');
  const message = document.createElement('p');
  message.textContent = text;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = START_NOTICE_RETRY;
  retry.addEventListener('click', () => reload());
  notice.append(message, retry);
  const screen = root.querySelector('.boot') ?? root;
  if (!busy) screen.querySelector('[role="status"]')?.remove();
  screen.append(notice);
  return () => notice.remove();
}
