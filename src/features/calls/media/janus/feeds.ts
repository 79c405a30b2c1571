// What the VideoRoom's publishers are, as this client reads them: the display protocol (a publisher's
// `display` carries only its microphone and camera, never who it is: the roster says that), a
// publisher's streams, which of them the one subscription should hold (every member's audio, video for
// the tiles on screen in the layer their size needs, every shared screen large), and which members the
// call shows with which feeds. Pure: no network, no WebRTC (janus-call-media.ts does those).

/** Whose a feed id is, as the server's roster says. */
export interface RosterEntry {
  /** The member's user id. */
  user: string;
  kind: FeedKind;
}

export type FeedKind = 'camera' | 'screen';

/** Simulcast layers (Janus numbers them from the smallest): a large tile gets the full one, a small tile the smallest. */
export const LARGE_LAYER = 2;
export const SMALL_LAYER = 0;

/** What a publisher's display says: the member's microphone and camera as they say them, nothing of who they are. */
export interface FeedDevices {
  mic?: boolean;
  cam?: boolean;
}

export function displayOf(devices: FeedDevices): string {
  return JSON.stringify({ ...(devices.mic === undefined ? {} : { mic: devices.mic }), ...(devices.cam === undefined ? {} : { cam: devices.cam }) });
}

/** A publisher's display read back: only the microphone and camera flags (anything else in it is ignored). */
export function parseDisplay(display: unknown): FeedDevices {
  if (typeof display === 'string') {
    try {
      const value: unknown = JSON.parse(display);
      if (typeof value === 'object' && value !== null) {
        const { mic, cam } = value as Record<string, unknown>;
        return { mic: typeof mic === 'boolean' ? mic : undefined, cam: typeof cam === 'boolean' ? cam : undefined };
      }
    } catch {
      // Not ours: no flags.
    }
  }
  return {};
}

export interface FeedStream {
  type: 'audio' | 'video' | 'data';
  mid: string;
  disabled: boolean;
}

export interface Feed {
  id: number;
  devices: FeedDevices;
  streams: FeedStream[];
  /** When it was first seen (a member who rejoins moves to the end). */
  order: number;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
export const asId = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export function streamsOf(publisher: Record<string, unknown>): FeedStream[] {
  return list(publisher.streams).flatMap((stream) => {
    const type = stream.type;
    const mid = stream.mid;
    if ((type !== 'audio' && type !== 'video' && type !== 'data') || typeof mid !== 'string') return [];
    return [{ type, mid, disabled: stream.disabled === true }];
  });
}

export const key = (feedId: number, mid: string) => `${feedId}|${mid}`;

/** A feed the roster names, with its owner. */
export type OwnedFeed = Feed & { owner: RosterEntry };

/** One stream the subscription asks Janus for, with the simulcast layer for a video. */
export interface WantedStream {
  feed: number;
  mid: string;
  substream: number | undefined;
}

/**
 * What the subscription should hold: every member's audio; video for the members whose tiles are on
 * screen (`visible`: by user id, whether shown large; until the screen says, the first `initialVisible` members),
 * large tiles in the full layer and small ones in the smallest; every shared screen, large. By
 * `key(feed, mid)`.
 */
export function planSubscription(others: readonly OwnedFeed[], visible: ReadonlyMap<string, boolean> | undefined, initialVisible: number): Map<string, WantedStream> {
  const want = new Map<string, WantedStream>();
  const shown = visible ?? new Map([...new Set(others.map((feed) => feed.owner.user))].slice(0, initialVisible).map((user) => [user, false]));
  for (const feed of others) {
    for (const stream of feed.streams) {
      if (stream.disabled || stream.type === 'data') continue;
      if (stream.type === 'audio') {
        want.set(key(feed.id, stream.mid), { feed: feed.id, mid: stream.mid, substream: undefined });
        continue;
      }
      const screen = feed.owner.kind === 'screen';
      if (!screen && !shown.has(feed.owner.user)) continue;
      want.set(key(feed.id, stream.mid), { feed: feed.id, mid: stream.mid, substream: screen || shown.get(feed.owner.user) ? LARGE_LAYER : SMALL_LAYER });
    }
  }
  return want;
}

/** A member as the call shows them: their camera feed and shared screen (if any), placed by when they came. */
export interface Person {
  order: number;
  camera?: OwnedFeed;
  screen?: OwnedFeed;
}

/**
 * The others in the room, by user id: each with the newest feed of each kind their roster entries name
 * (a screen only where the roster says so), and those who joined without publishing yet (`attendees`:
 * already named by the roster, oneself left out) with no feed.
 */
export function peopleOf(others: readonly OwnedFeed[], attendees: Iterable<{ user: string; order: number }>): Map<string, Person> {
  const people = new Map<string, Person>();
  for (const feed of others) {
    const person = people.get(feed.owner.user) ?? { order: feed.order };
    if (feed.owner.kind === 'screen') {
      if (!person.screen || person.screen.order < feed.order) person.screen = feed;
    } else if (!person.camera || person.camera.order < feed.order) {
      person.camera = feed;
      person.order = feed.order;
    }
    people.set(feed.owner.user, person);
  }
  for (const { user, order } of attendees) if (!people.has(user)) people.set(user, { order });
  return people;
}
