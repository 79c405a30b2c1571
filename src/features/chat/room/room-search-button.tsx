// The header's search button (issue 24): its icon comes with this chunk, after the room's first
// content, so the room's start carries nothing of the search but a context (search-term.ts).
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { IconButton } from '../../../shared/ui/button.tsx';
import { SearchIcon } from '../../../shared/ui/icons.tsx';

export function RoomSearchButton({ className, disabled, onOpen }: { className?: string; disabled: boolean; onOpen(): void }) {
  const { t } = useTranslation();
  return <IconButton icon={SearchIcon} label={t('chat.search.open')} className={className} onClick={onOpen} disabled={disabled} data-testid="room-search-open" />;
}
