// The SPEC §5 alerts of group creation (header "Alert"); whatever the person typed or chose stays.
import { showAlert } from '../../../shared/ui/alert-host.tsx';

export const requireAlert = (key: 'chat.start.nameRequired' | 'chat.start.participantRequired') =>
  showAlert({ headerKey: 'errors.alertHeader', message: { key } });
