// Writing a comment under a feed post (issue 37): plain text (shown as text everywhere, never as HTML)
// of at most 1000 characters (the contract's limit; how many are left shows near it), sent with the
// button or Ctrl/Cmd+Enter. While it is sent the field and the button are disabled; once stored the
// field empties; when it fails the text stays for another try and the failure is said (SPEC §8).
// Loaded after the feed's first content (feed-post.tsx).
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { SendIcon } from '../../shared/ui/icons.tsx';
import { SpinnerMark } from '../../shared/ui/spinner.tsx';
import styles from './comment-composer.module.css';

/** The contract's NewFeedCommentRequest.maxLength. */
export const MAX_COMMENT_LENGTH = 1000;
/** From this many characters left, the count of those left shows. */
const SHOW_LEFT_FROM = 100;

export interface CommentComposerProps {
  announcementId: number;
  /** Resolves true once stored; false when it failed (already said to the user). */
  send(announcementId: number, text: string): Promise<boolean>;
}

export function CommentComposer({ announcementId, send }: CommentComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const left = MAX_COMMENT_LENGTH - text.length;
  const empty = text.trim() === '';

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || empty) return;
    setSending(true);
    const stored = await send(announcementId, text);
    setSending(false);
    if (stored) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
  };

  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-text`} className={styles.visuallyHidden}>
        {t('feed.writeComment')}
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.field}
        rows={1}
        value={text}
        maxLength={MAX_COMMENT_LENGTH}
        placeholder={t('feed.writeComment')}
        disabled={sending}
        aria-describedby={left <= SHOW_LEFT_FROM ? `${id}-left` : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className={styles.send} disabled={sending || empty} aria-label={t('feed.sendComment')} aria-busy={sending || undefined}>
        {sending ? <SpinnerMark /> : <SendIcon size={18} aria-hidden="true" />}
      </button>
      {left <= SHOW_LEFT_FROM ? (
        <p id={`${id}-left`} className={styles.left} aria-live="polite">
          {t('feed.charactersLeft', { count: left })}
        </p>
      ) : null}
    </form>
  );
}
