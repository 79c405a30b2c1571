// How many messages wait in the chat outbox, read without loading the chat code: the app start asks
// this first and loads the outbox (to send them) only when there are some.
import { CHAT_DB_NAME } from '../../../shared/storage/user-databases.ts';

export { CHAT_DB_NAME };

export function pendingOutboxCount(): Promise<number> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(0);
    const request = indexedDB.open(CHAT_DB_NAME);
    // No database yet: do not create an empty one (the outbox's own upgrade would then never run).
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(0);
    request.onsuccess = () => {
      const db = request.result;
      try {
        const count = db.transaction('outbox').objectStore('outbox').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => resolve(0);
      } catch {
        resolve(0);
      } finally {
        db.close();
      }
    };
  });
}
