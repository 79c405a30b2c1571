// What the start screen says when the device's storage has not answered for a long time
// (OPEN_STALLED_AFTER_MS, src/shared/storage/indexeddb-driver.ts): rather than a spinner forever, or
// the sign-in screen for someone who is signed in, a clear message with a way to try again. The wait
// goes on behind it: when the storage answers, the app starts as usual and this goes away.
// It is drawn into index.html's static start screen, before the app (and its translations, whose
// language is itself kept in that storage) exists: its texts are English, as that screen's are.

export const STORAGE_STALLED_TEXT = 'Your data on this device is taking a long time to open. Still trying…';
export const STORAGE_STALLED_RETRY = 'Try again';

/** Shows the message in the start screen under `root`; returns what takes it away. */
export function showStorageStalled(root: HTMLElement, reload: () => void = () => window.location.reload()): () => void {
  const notice = document.createElement('div');
  notice.className = 'boot-notice';
  notice.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = STORAGE_STALLED_TEXT;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = STORAGE_STALLED_RETRY;
  // A new page opens the storage afresh: what unsticks a browser whose storage stopped answering this one.
  retry.addEventListener('click', () => reload());
  notice.append(text, retry);
  (root.querySelector('.boot') ?? root).append(notice);
  return () => notice.remove();
}
