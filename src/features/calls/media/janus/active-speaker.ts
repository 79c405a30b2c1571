// Who is talking: the VideoRoom's `talking` / `stopped-talking` events (its audio-level extension). The
// feeds talking now light their tiles; the last other member who talked is the active speaker, and keeps
// the floor until another talks, across a lost session too (only leaving the call forgets them).
import type { JanusCallContext } from './janus-context.ts';
import { asId } from './feeds.ts';
import { isOwn, ownerOf } from './roster.ts';

export interface ActiveSpeaker {
  /** Takes a room event's talking news; true when who is talking changed. */
  heard(data: Record<string, unknown>): boolean;
  /** A feed left: it talks no more. */
  forget(feedId: number): void;
  isTalking(feedId: number): boolean;
  /** The last other member who talked, while the call shows them. */
  current(shown: { has(user: string): boolean }): string | undefined;
  /** The session is gone: nobody talks (the last speaker stays). */
  clear(): void;
  /** The call is left: no speaker either. */
  reset(): void;
}

export function createActiveSpeaker(ctx: JanusCallContext): ActiveSpeaker {
  /** Feeds talking now. */
  const talking = new Set<number>();
  const last = { user: undefined as string | undefined };

  return {
    heard(data) {
      const id = asId(data.id);
      if (id === undefined) return false;
      if (data.videoroom === 'talking') {
        const changed = !talking.has(id);
        talking.add(id);
        const owner = ctx.feeds.has(id) ? ownerOf(ctx, id) : undefined;
        if (owner && !isOwn(ctx, id)) last.user = owner.user;
        return changed;
      }
      if (data.videoroom === 'stopped-talking') return talking.delete(id);
      return false;
    },
    forget: (feedId) => void talking.delete(feedId),
    isTalking: (feedId) => talking.has(feedId),
    current: (shown) => (last.user !== undefined && shown.has(last.user) ? last.user : undefined),
    clear: () => talking.clear(),
    reset() {
      talking.clear();
      last.user = undefined;
    },
  };
}
