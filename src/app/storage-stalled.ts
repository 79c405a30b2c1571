// What the start screen says when the device's storage has not answered for a long time
// (OPEN_STALLED_AFTER_MS, src/shared/storage/indexeddb-driver.ts): rather than a spinner forever, or
// the sign-in screen for someone who is signed in, a clear message with a way to try again. The wait
// goes on behind it: when the storage answers, the app starts as usual and this goes away.
import { showStartNotice, START_NOTICE_RETRY } from './start-notice.ts';

export const STORAGE_STALLED_TEXT = 'Your data on this device is taking a long time to open. Still trying…';
export const STORAGE_STALLED_RETRY = START_NOTICE_RETRY;

/** Shows the message in the start screen under `root` (a new page opens the storage afresh: what unsticks a browser whose storage stopped answering this one); returns what takes it away. */
export function showStorageStalled(root: HTMLElement, reload?: () => void): () => void {
  return showStartNotice(root, STORAGE_STALLED_TEXT, { busy: true, reload });
}
