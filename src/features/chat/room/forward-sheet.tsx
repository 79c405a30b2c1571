// Forwarding a message or a file to other rooms (issue 24; POST /live-chat/forward-message, x-inferred):
// the user's rooms from the chat home (the open one left out), a search by name, up to 20 chosen, one
// tap to forward. The forward happens only on that tap; a refusal keeps the choice and says why.
import { useMemo, useState } from 'react';
import { VList } from 'virtua';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ForwardIcon, SearchIcon } from '../../../shared/ui/icons.tsx';
import { ListRow } from '../../../shared/ui/list-row.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { showToast } from '../../../shared/ui/toast.tsx';
import { roomTitle, type RoomMessage } from '../api/message-model.ts';
import { sortRooms, useChatHome } from '../api/room-lists.ts';
import styles from './forward-sheet.module.css';
import { useRoomController } from './room-controller.ts';

/** The contract's limit on one forward. */
export const MAX_FORWARD_ROOMS = 20;

const fold = (text: string) => text.normalize('NFD').replace(/\p{Mn}/gu, '').toLocaleLowerCase();

export function ForwardSheet({ message, onClose }: { message: RoomMessage; onClose(): void }) {
  const { t } = useTranslation();
  const room = useRoomController();
  const fromRoomUuid = room.api.uuid;
  const fail = useFailureHandler();
  const home = useChatHome();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  // One id per attempt at this choice: a retry after a lost answer forwards nothing twice.
  const [clientId, setClientId] = useState(() => crypto.randomUUID());

  const rooms = useMemo(() => {
    const wanted = fold(query.trim());
    return sortRooms(home.data?.chat_rooms ?? [])
      .filter((room) => room.uuid !== fromRoomUuid)
      .map((room) => ({ room, title: roomTitle(room) || t('chat.untitled') }))
      .filter(({ title }) => !wanted || fold(title).includes(wanted));
  }, [home.data, fromRoomUuid, query, t]);

  const toggle = (uuid: string) => {
    setClientId(crypto.randomUUID());
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(uuid)) next.delete(uuid);
      else if (next.size < MAX_FORWARD_ROOMS) next.add(uuid);
      return next;
    });
  };

  const send = async () => {
    if (chosen.size === 0 || busy) return;
    setBusy(true);
    try {
      await room.run('forward', message, [...chosen], clientId);
      onClose();
      showToast(t('chat.extras.forwardedTo', { count: chosen.size }), { tone: 'success' });
    } catch (error) {
      setBusy(false);
      await fail(error);
    }
  };

  return (
    <Modal
      title={t('chat.extras.forwardTitle')}
      onClose={onClose}
      closeLabel={t('common.close')}
      footer={
        // In the dialog's footer: in view at any height, the on-screen keyboard open included (issue 37).
        <Button icon={ForwardIcon} block busy={busy} disabled={chosen.size === 0} onClick={() => void send()}>
          {chosen.size > 0 ? t('chat.extras.forwardTo', { count: chosen.size }) : t('chat.extras.forward')}
        </Button>
      }
    >
      <p className={styles.excerpt}>{message.text || message.file?.name || message.sticker?.name || t('chat.sticker')}</p>
      <SearchField type="search" value={query} onChange={setQuery} label={t('chat.extras.forwardSearch')} autoComplete="off" />
      <p className={styles.count} aria-live="polite">
        {t('chat.extras.forwardChosen', { count: chosen.size, max: MAX_FORWARD_ROOMS })}
      </p>
      <div className={styles.list}>
        {home.isPending ? (
          <Skeleton rows={5} />
        ) : home.isError && rooms.length === 0 ? (
          <ErrorState title={t('chat.loadError')} onRetry={() => void home.refetch()} />
        ) : rooms.length === 0 ? (
          <EmptyState icon={SearchIcon} title={t('chat.noResults')} />
        ) : (
          <VList data={rooms} className={styles.vlist} data-testid="forward-rooms" aria-label={t('chat.roomsLabel')}>
            {({ room, title }) => (
              <label key={room.uuid} className={styles.row} data-testid="forward-room">
                <ListRow
                  title={title}
                  start={<Avatar name={title} size="s" decorative />}
                  end={
                    <input
                      type="checkbox"
                      className={styles.check}
                      checked={chosen.has(room.uuid)}
                      disabled={!chosen.has(room.uuid) && chosen.size >= MAX_FORWARD_ROOMS}
                      onChange={() => toggle(room.uuid)}
                      aria-label={title}
                    />
                  }
                />
              </label>
            )}
          </VList>
        )}
      </div>
    </Modal>
  );
}
