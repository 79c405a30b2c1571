// What the group creation screen shows when something is refused or fails: the catalogue's alert
// (SPEC §8: a server refusal shows the server's error_message under "Error"), and the SPEC §5 alerts
// of group creation (header "Alert"). Whatever the person typed or chose stays.
import { describeError } from '../../../api/errors.ts';
import { showAlert } from '../../../shared/ui/alert-host.tsx';

export async function alertFailure(error: unknown): Promise<void> {
  const shown = describeError('general', error);
  if (shown.message) await showAlert({ headerKey: shown.header, message: shown.message });
}

export const requireAlert = (key: 'chat.start.nameRequired' | 'chat.start.participantRequired') =>
  showAlert({ headerKey: 'errors.alertHeader', message: { key } });
