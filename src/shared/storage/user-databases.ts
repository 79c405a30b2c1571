// The IndexedDB databases and localStorage keys that hold one person's data (ARCHITECTURE "storage per
// purpose"), named here so logout can delete them without loading the feature that writes them.
// Ionic's `_ionicstorage` is not one of them: it also keeps the device's language, access type and redirect_to, and logout
// removes its session keys only (storage.ts, SESSION_KEYS).

/** The chat's outbox and drafts (src/features/chat/outbox). */
export const CHAT_DB_NAME = 'ess-chat';

export const PER_USER_DATABASES: readonly string[] = [CHAT_DB_NAME];

/** The calls' ends the server has not taken yet (src/features/calls/session/end-call-outbox.ts). */
export const PENDING_END_CALLS_KEY = 'ess-calls:pending-end-calls';

export const PER_USER_LOCAL_KEYS: readonly string[] = [PENDING_END_CALLS_KEY];
