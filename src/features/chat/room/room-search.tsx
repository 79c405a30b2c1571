// Search inside the room (x-inferred, issue 24), a bar under the header loaded on the search button's
// tap: the server finds every message holding the words (api/room-search.ts), newest first; the bar
// says "3 of 17" and steps between them (the arrows, Enter for older, Shift+Enter for newer). Each step
// opens the match as the pinned messages do (useRoom's jumpTo: a match on a page not loaded loads that
// page, then scrolls it to the middle); the words are marked in the loaded texts (<mark>, text only).
// Escape or Close ends the search and the marks.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { IconButton } from '../../../shared/ui/button.tsx';
import { ChevronDownIcon, ChevronUpIcon, CloseIcon, SearchIcon } from '../../../shared/ui/icons.tsx';
import { useRoomSearch, type RoomSearchResult } from '../api/room-search.ts';
import styles from './room-extras.module.css';

/** SPEC §9: default debounce. */
const SEARCH_DEBOUNCE_MS = 300;

export interface RoomSearchProps {
  roomUuid: string;
  /** Opens a message (loading its page when it is not loaded), scrolled into view and outlined. */
  jumpTo(messageUuid: string): Promise<void>;
  /** The words to mark in the texts ('' for none). */
  onTerm(term: string): void;
  onClose(): void;
  onFail(error: unknown): void;
}

export function RoomSearch({ roomUuid, jumpTo, onTerm, onClose, onFail }: RoomSearchProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const search = useRoomSearch(roomUuid, keyword);
  const result = keyword ? search.data : undefined;
  const matches = result?.matches ?? [];
  // The match shown, counted from the newest, for this answer: a new answer starts at its newest.
  const [position, setPosition] = useState<{ of: RoomSearchResult | undefined; at: number }>({ of: undefined, at: 0 });
  const at = position.of === result ? position.at : 0;

  useEffect(() => field.current?.focus(), []);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const current = matches[at];
  useEffect(() => {
    onTerm(current ? keyword : '');
    if (current) jumpTo(current).catch(onFail);
    // jumpTo changes with the loaded messages: a step is what moves, not a page arriving.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, keyword]);

  useEffect(() => () => onTerm(''), [onTerm]);

  const step = (by: 1 | -1) => {
    if (matches.length === 0) return;
    setPosition({ of: result, at: (at + by + matches.length) % matches.length });
  };

  let status = '';
  if (keyword && search.isError) status = t('chat.search.failed');
  else if (keyword && result) status = result.total === 0 ? t('chat.search.none') : t('chat.search.position', { current: at + 1, total: result.total });
  else if (keyword && search.isFetching) status = t('chat.search.searching');

  return (
    <search
      className={styles.searchBar}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <SearchIcon className={styles.searchIcon} size={18} aria-hidden="true" />
      <input
        ref={field}
        type="search"
        className={styles.searchField}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          // Typed and not yet searched: search now.
          if (typed.trim() !== keyword) return setKeyword(typed.trim());
          step(event.shiftKey ? -1 : 1);
        }}
        placeholder={t('chat.search.placeholder')}
        aria-label={t('chat.search.placeholder')}
        maxLength={100}
        enterKeyHint="search"
        data-testid="room-search-field"
      />
      <span className={styles.searchStatus} role="status" aria-live="polite" data-testid="room-search-status">
        {status}
      </span>
      {/* Older is up the list, newer down, as the messages are. */}
      <IconButton icon={ChevronUpIcon} size="s" label={t('chat.search.older')} onClick={() => step(1)} disabled={matches.length < 2} data-testid="room-search-older" />
      <IconButton icon={ChevronDownIcon} size="s" label={t('chat.search.newer')} onClick={() => step(-1)} disabled={matches.length < 2} data-testid="room-search-newer" />
      <IconButton icon={CloseIcon} size="s" label={t('chat.search.close')} onClick={onClose} data-testid="room-search-close" />
    </search>
  );
}
