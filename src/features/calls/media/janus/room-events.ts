// The VideoRoom's news as our camera publisher hears it: who publishes which streams, who joined
// without publishing, who left, unpublished or was kicked, whose display (microphone, camera) changed,
// who talks. It keeps the context's feeds and attendees, asks about ids the roster does not name, and
// says when anything the call shows changed.
import type { JanusCallContext } from './janus-context.ts';
import type { PluginMessage } from './janus-connection.ts';
import { asId, isRecord, list, parseDisplay, streamsOf } from './feeds.ts';

export interface RoomEventsDeps {
  askAboutUnknown(ids: Iterable<number>): void;
  speaker: { heard(data: Record<string, unknown>): boolean; forget(feedId: number): void };
  /** A feed left: the subscription forgets what it asked of it. */
  forgetFeed(feedId: number): void;
  /** Something the call shows changed. */
  onChange(): void;
}

export interface RoomEvents {
  /** The attendees a publisher join found, placed before the publishers it names. */
  admit(joined: PluginMessage): void;
  onEvent(message: PluginMessage): void;
}

export function createRoomEvents(ctx: JanusCallContext, deps: RoomEventsDeps): RoomEvents {
  return {
    admit(joined) {
      for (const attendee of list(joined.data.attendees)) {
        const id = asId(attendee.id);
        if (id !== undefined) ctx.attendees.set(id, { order: ctx.nextOrder++ });
      }
    },
    onEvent({ data }) {
      const { feeds, attendees } = ctx;
      let changed = false;
      for (const publisher of list(data.publishers)) {
        const id = asId(publisher.id);
        if (id === undefined) continue;
        const known = feeds.get(id);
        // Kept whatever the roster says (a newer roster may name it), shown only when it names it.
        feeds.set(id, { id, devices: parseDisplay(publisher.display), streams: streamsOf(publisher), order: known?.order ?? ctx.nextOrder++ });
        attendees.delete(id);
        changed = true;
      }
      const joining = isRecord(data.joining) ? data.joining : undefined;
      const joiningId = asId(joining?.id);
      if (joining && joiningId !== undefined && !feeds.has(joiningId)) {
        attendees.set(joiningId, { order: ctx.nextOrder++ });
        changed = true;
      }
      deps.askAboutUnknown([...feeds.keys(), ...attendees.keys()]);
      for (const gone of [data.leaving, data.unpublished, data.kicked]) {
        const id = asId(gone);
        if (id === undefined) continue;
        deps.speaker.forget(id);
        if (feeds.delete(id)) {
          deps.forgetFeed(id);
          changed = true;
        }
        if (data.leaving !== undefined && attendees.delete(id)) changed = true;
      }
      // A member said their microphone or camera changed.
      const displayId = asId(data.id);
      if (data.videoroom === 'event' && displayId !== undefined && typeof data.display === 'string') {
        const feed = feeds.get(displayId);
        if (feed) {
          feeds.set(displayId, { ...feed, devices: parseDisplay(data.display) });
          changed = true;
        }
      }
      if (deps.speaker.heard(data)) changed = true;
      if (changed) deps.onChange();
    },
  };
}
