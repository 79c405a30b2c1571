// Carries out what the error catalogue decided (src/api/errors.ts): the alert, then where the user
// ends up. Every screen hands its failures here, so SPEC §8 is applied the same way everywhere.
import type { UserFacingError } from '../../api/errors.ts';
import { publish } from '../events/app-events.ts';
import { CHANGE_PASSWORD_PATH } from '../routes/app-routes.ts';
import { getStorage, STORAGE_KEYS } from '../storage/storage.ts';
import { showAlert } from '../ui/alert-host.tsx';

export interface FailureActions {
  navigate(path: string): void;
  /** Closes the modal that made the call (likes modals). */
  close?(): void;
}

export async function handleFailure(shown: UserFacingError, actions: FailureActions): Promise<void> {
  if (shown.removeToken) await getStorage().remove(STORAGE_KEYS.accessToken);
  if (shown.then === 'close' && shown.closeFirst) actions.close?.();
  if (shown.message) await showAlert({ headerKey: shown.header, message: shown.message });
  switch (shown.then) {
    case 'change-password':
      actions.navigate(CHANGE_PASSWORD_PATH);
      break;
    case 'logout':
      publish('user:logout', { reason: 'unauthorized' });
      break;
    case 'close':
      if (!shown.closeFirst) actions.close?.();
      break;
    case 'stay':
      break;
  }
}
