// "Budi is typing…" over the room's messages (x-inferred, issue 24): from the other members' typing
// signals (chat:typing, relayed by the live-chat socket), never the person's own. A name goes 6 s after
// its last signal, at once when its owner stops (sent, emptied the field, left) or their message arrives.
// Over the list, not in it, so nothing the person is reading moves.
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { subscribe } from '../../../shared/events/app-events.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import type { TFunction } from '../../../shared/i18n/translator.ts';
import styles from './room-extras.module.css';
import { SendTypingContext } from './send-typing.ts';
import { createTypingSignal, type TypingSignal } from './typing-signal.ts';

/** How long one signal keeps a name shown (the sender repeats it every 3 s while typing). */
export const TYPING_SHOWN_MS = 6000;

interface Typist {
  name: string | null;
  until: number;
}

/** The first name: "Budi Santoso" is "Budi" here, as a messenger's header says it. */
const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

/**
 * `newestMessageId`: the newest message the room has loaded. A live event about an older one (a read
 * mark, a reaction) is not that person's new message, and leaves their name.
 */
export function useTypists(roomUuid: string, currentUserId: number | undefined, newestMessageId = 0, now: () => number = Date.now): Array<string | null> {
  const [typists, setTypists] = useState<ReadonlyMap<number, Typist>>(new Map());
  const newest = useRef(newestMessageId);
  useEffect(() => {
    newest.current = Math.max(newest.current, newestMessageId);
  }, [newestMessageId]);

  useEffect(() => {
    const update = (change: (next: Map<number, Typist>) => void) =>
      setTypists((current) => {
        const next = new Map(current);
        change(next);
        return next;
      });
    const offTyping = subscribe('chat:typing', (event) => {
      if (event.roomUuid !== roomUuid || event.userId === currentUserId) return;
      update((next) => {
        if (event.isTyping) next.set(event.userId, { name: firstName(event.userName), until: now() + TYPING_SHOWN_MS });
        else next.delete(event.userId);
      });
    });
    const offMessage = subscribe('chat:live-chat', (update_) => {
      const sender = update_.message?.user_id;
      const id = update_.message?.id;
      if (update_.roomUuid !== roomUuid || typeof sender !== 'number') return;
      if (typeof id === 'number') {
        if (id <= newest.current) return;
        newest.current = id;
      }
      update((next) => void next.delete(sender));
    });
    return () => {
      offTyping();
      offMessage();
    };
  }, [roomUuid, currentUserId, now]);

  // The next name to go, goes then.
  useEffect(() => {
    if (typists.size === 0) return;
    const soonest = Math.min(...[...typists.values()].map((typist) => typist.until));
    const timer = setTimeout(
      () =>
        setTypists((current) => {
          const at = now();
          return new Map([...current].filter(([, typist]) => typist.until > at));
        }),
      Math.max(0, soonest - now()),
    );
    return () => clearTimeout(timer);
  }, [typists, now]);

  return [...typists.values()].map((typist) => typist.name);
}

export function typingText(t: TFunction, names: ReadonlyArray<string | null>): string {
  if (names.length === 0) return '';
  if (names.length === 1) return names[0] ? t('chat.typing.one', { name: names[0] }) : t('chat.typing.someone');
  if (names.length === 2 && names[0] && names[1]) return t('chat.typing.two', { first: names[0], second: names[1] });
  return t('chat.typing.many', { count: names.length });
}

export interface TypingIndicatorProps {
  roomUuid: string;
  currentUserId: number | undefined;
  /** Hands the room its typing signal (for the composer), made with this code; undefined once it goes. */
  onSignal?(signal: TypingSignal | undefined): void;
  /** The room's loaded messages: a name goes with its owner's message newer than these. */
  messages?: ReadonlyArray<{ id: number }>;
}

export function TypingIndicator({ roomUuid, currentUserId, onSignal, messages }: TypingIndicatorProps) {
  const { t } = useTranslation();
  const sendTyping = useContext(SendTypingContext);
  const newestMessageId = useMemo(() => (messages ?? []).reduce((newest, message) => Math.max(newest, message.id), 0), [messages]);
  useEffect(() => {
    const signal = createTypingSignal(roomUuid, sendTyping);
    onSignal?.(signal);
    return () => {
      signal.stop();
      onSignal?.(undefined);
    };
  }, [roomUuid, onSignal, sendTyping]);
  const text = typingText(t, useTypists(roomUuid, currentUserId, newestMessageId));
  // The live region stays in the page, so a screen reader hears each change.
  return (
    <p className={`${styles.typing} ${text ? '' : styles.typingIdle}`} role="status" aria-live="polite" data-testid="typing-indicator">
      {text && (
        <>
          <span className={styles.typingDots} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {text}
        </>
      )}
    </p>
  );
}
