import type { UserFacingError } from '../../api/errors.ts';
import { useTranslation } from '../i18n/react.tsx';

/** The text of a catalogue message: a translated key, or the server's own words as received. */
export function useMessageText(): (message: UserFacingError['message']) => string | null {
  const { t } = useTranslation();
  return (message) => (message === null ? null : 'key' in message ? t(message.key) : message.text);
}
