// Who is who (issue 33): the server's roster, never a member's display. A feed or attendee whose id the
// roster does not name is shown to nobody, and makes the call be asked for once more (a member admitted
// since this roster), at most once per id; the call's newer answers (renew) bring the roster and the
// short-lived Janus token every later request carries.
import type { JanusCallContext, JanusServer } from './janus-context.ts';
import { asId, list, type OwnedFeed, type RosterEntry } from './feeds.ts';

/** Whose a feed is, by the roster; undefined for an id the server never gave out (shown to nobody). */
export const ownerOf = (ctx: JanusCallContext, id: number): RosterEntry | undefined => ctx.server.roster.get(id);

export const isOwn = (ctx: JanusCallContext, id: number): boolean =>
  id === ctx.server.cameraFeedId || id === ctx.server.screenFeedId || ctx.ownFeeds.has(id) || ownerOf(ctx, id)?.user === ctx.selfId;

/** The others' feeds the roster names, each with its owner. */
export function othersOf(ctx: JanusCallContext): OwnedFeed[] {
  return [...ctx.feeds.values()].flatMap((feed) => {
    const owner = ownerOf(ctx, feed.id);
    return owner && !isOwn(ctx, feed.id) ? [{ ...feed, owner }] : [];
  });
}

/** The others who joined without publishing, by the roster. */
export function otherAttendeesOf(ctx: JanusCallContext): { user: string; order: number }[] {
  return [...ctx.attendees].flatMap(([id, { order }]) => {
    const owner = ownerOf(ctx, id);
    return owner && !isOwn(ctx, id) ? [{ user: owner.user, order }] : [];
  });
}

/** Whether the room a publisher join answered already holds its capacity without us (an id the roster does not name counts for nobody). */
export function isFull(ctx: JanusCallContext, joined: Record<string, unknown>): boolean {
  const present = new Set([...list(joined.publishers), ...list(joined.attendees)].flatMap((participant) => ownerOf(ctx, asId(participant.id) ?? 0)?.user ?? []));
  present.delete(ctx.selfId);
  return present.size + 1 > ctx.server.capacity;
}

export interface RosterOptions {
  /** Reads a newer answer's `media`: undefined when it names no usable room. */
  readServer?: (media: unknown) => JanusServer | undefined;
  /** Asks the server for the call's newest `media`. */
  refetch?: () => Promise<unknown>;
  /** A newer roster was taken while in the room: what the call shows and receives follows it. */
  onRenewed(): void;
}

export interface Roster {
  /** Asks for the call once more (a member admitted since this roster, a place renewed); one request at a time. */
  refresh(): Promise<void>;
  askAboutUnknown(ids: Iterable<number>): void;
  /** A newer answer's room: its token for every later request, its roster for every tile from now on. */
  renew(media: unknown): void;
}

export function createRoster(ctx: JanusCallContext, options: RosterOptions): Roster {
  /** Ids already asked about: each makes at most one new request for the call. */
  const askedAbout = new Set<number>();
  const refetch = { running: undefined as Promise<void> | undefined, again: false };

  function renew(media: unknown) {
    const next = options.readServer?.(media);
    if (!next || next.room !== ctx.server.room || next.url !== ctx.server.url) return;
    ctx.server = next;
    if (ctx.session) options.onRenewed();
  }

  function refresh(): Promise<void> {
    if (!options.refetch) return Promise.resolve();
    if (refetch.running) {
      refetch.again = true;
      return refetch.running;
    }
    const started = ctx.attempt;
    refetch.running = options
      .refetch()
      .then((media) => {
        if (started === ctx.attempt) renew(media);
      })
      // A failed request changes nothing: the next status check brings the roster anyway.
      .catch(() => undefined)
      .finally(() => {
        refetch.running = undefined;
        if (refetch.again) {
          refetch.again = false;
          void refresh();
        }
      });
    return refetch.running;
  }

  function askAboutUnknown(ids: Iterable<number>) {
    let unknown = false;
    for (const id of ids) {
      if (ownerOf(ctx, id) || isOwn(ctx, id) || askedAbout.has(id)) continue;
      askedAbout.add(id);
      unknown = true;
    }
    if (unknown) void refresh();
  }

  return { refresh, askAboutUnknown, renew };
}
