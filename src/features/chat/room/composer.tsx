// The message field: its draft is kept per room in IndexedDB (restored on reload), Enter sends
// (Shift+Enter for a new line), and sending hands the text to the outbox, which has stored it before
// the field clears.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { IconButton } from '../../../shared/ui/button.tsx';
import { AttachIcon, CloseIcon, SendIcon, StickerIcon } from '../../../shared/ui/icons.tsx';
import { chatSession, readDraft, writeDraft, type ChatSession } from '../outbox/chat-db.ts';
import type { TypingSignal } from './typing-signal.ts';
import styles from './room.module.css';

/** SPEC §9: default debounce. */
const DRAFT_SAVE_DEBOUNCE_MS = 300;

export interface ComposerProps {
  draftKey: string;
  onSend(text: string): Promise<void>;
  onAttach(): void;
  onStickers(): void;
  /** Editing one's own message: the field holds its text, sending saves the change (give the composer a new key). */
  editing?: { text: string; onCancel(): void } | null;
  /** Tells the room's other members while the person types (not while editing): typing-signal.ts. */
  typing?: TypingSignal;
  /** The field takes the focus whenever this changes to a value (a reply begun: its message's uuid). */
  focusKey?: string | null;
}

/** Writes what was typed since the last write, if anything (never once the session it was typed in has ended). */
function saveDraft(key: string, unsaved: { current: string | null }, session: ChatSession) {
  if (unsaved.current === null) return;
  void writeDraft(key, unsaved.current, session).catch(() => undefined);
  unsaved.current = null;
}

export function Composer({ draftKey, onSend, onAttach, onStickers, editing, typing, focusKey }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(editing?.text ?? '');
  const field = useRef<HTMLTextAreaElement>(null);
  /** Text typed and not yet written to the draft store (null: nothing to write). */
  const unsaved = useRef<string | null>(null);
  /** The session this field was opened in: its text is never written after that session ends. */
  const [session] = useState(chatSession);

  useEffect(() => {
    if (editing) return;
    let cancelled = false;
    readDraft(draftKey)
      .then((draft) => {
        if (!cancelled) setText((current) => current || draft);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [draftKey, editing]);

  useEffect(() => {
    if (editing || focusKey) field.current?.focus();
  }, [editing, focusKey]);

  // Written 300 ms after the last keystroke, and at once when the room is left or the page hidden.
  useEffect(() => {
    const save = () => saveDraft(draftKey, unsaved, session);
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [draftKey, session]);

  useEffect(() => {
    if (unsaved.current === null) return;
    const timer = setTimeout(() => saveDraft(draftKey, unsaved, session), DRAFT_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draftKey, text, session]);

  // Sends are chained, so a message typed and sent while the previous one is still being stored
  // waits its turn instead of being dropped; the field is cleared only if it still holds what was sent.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const queued = useRef<string | null>(null);
  const send = () => {
    const value = text.trim();
    if (value === '' || value === queued.current) return;
    queued.current = value;
    const run = queue.current.then(async () => {
      await onSend(value);
      if (unsaved.current?.trim() === value) unsaved.current = null;
      // The field as it is now (gone if the room was left meanwhile: then its draft was this text).
      const now = field.current?.value.trim() ?? value;
      if (now !== value) return;
      setText('');
      if (!editing) await writeDraft(draftKey, '', session).catch(() => undefined);
    });
    queue.current = run
      .catch(() => undefined)
      .finally(() => {
        if (queued.current === value) queued.current = null;
        field.current?.focus();
      });
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {editing ? (
        <IconButton icon={CloseIcon} label={t('chat.cancelEdit')} onClick={editing.onCancel} className={styles.composerAction} />
      ) : (
        <>
          <IconButton icon={AttachIcon} label={t('chat.attach')} onClick={onAttach} className={styles.composerAction} />
          <IconButton icon={StickerIcon} label={t('chat.stickers')} onClick={onStickers} className={styles.composerAction} />
        </>
      )}
      <textarea
        ref={field}
        className={styles.composerField}
        value={text}
        rows={1}
        onChange={(event) => {
          setText(event.target.value);
          if (!editing) typing?.input(event.target.value);
          if (!editing) unsaved.current = event.target.value;
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
        onBlur={() => typing?.stop()}
        placeholder={t('chat.messagePlaceholder')}
        aria-label={t('chat.messagePlaceholder')}
      />
      <IconButton type="submit" variant="primary" icon={SendIcon} label={editing ? t('chat.save') : t('chat.send')} disabled={text.trim() === ''} className={styles.sendButton} />
    </form>
  );
}
