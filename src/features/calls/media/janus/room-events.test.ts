import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoomEvents } from './room-events.ts';
import { cameraDisplay, cameraId, janusTestContext } from './testing/janus-test-context.ts';

let test: ReturnType<typeof janusTestContext>;
let heard: { unknown: number[][]; forgotten: number[]; talked: Record<string, unknown>[]; changes: number };

beforeEach(() => {
  test = janusTestContext();
  heard = { unknown: [], forgotten: [], talked: [], changes: 0 };
});

afterEach(() => vi.unstubAllGlobals());

function roomEvents() {
  return createRoomEvents(test.ctx, {
    askAboutUnknown: (ids) => heard.unknown.push([...ids]),
    speaker: {
      heard: (data) => {
        heard.talked.push(data);
        return data.videoroom === 'talking';
      },
      forget: () => undefined,
    },
    forgetFeed: (id) => heard.forgotten.push(id),
    onChange: () => (heard.changes += 1),
  });
}
const event = (data: Record<string, unknown>) => ({ data: { videoroom: 'event', ...data }, jsep: undefined });
const publisher = (id: number, display = cameraDisplay()) => ({ id, display, streams: [{ type: 'audio', mid: '0' }, { type: 'video', mid: '1' }, { type: 'data', mid: '2', disabled: true }] });

describe('the room’s news', () => {
  it('keeps each publisher with its devices and streams, in the order they came, and asks about every id', () => {
    const room = roomEvents();
    room.onEvent(event({ publishers: [publisher(cameraId('57')), publisher(999_001)] }));
    room.onEvent(event({ publishers: [publisher(cameraId('57'), cameraDisplay({ mic: false }))] }));
    expect([...test.ctx.feeds.values()]).toEqual([
      {
        id: cameraId('57'),
        devices: { mic: false, cam: true },
        streams: [
          { type: 'audio', mid: '0', disabled: false },
          { type: 'video', mid: '1', disabled: false },
          { type: 'data', mid: '2', disabled: true },
        ],
        order: 0,
      },
      expect.objectContaining({ id: 999_001, order: 1 }),
    ]);
    expect(heard.unknown.at(-1)).toEqual([cameraId('57'), 999_001]);
    expect(heard.changes).toBe(2);
  });

  it('counts who joins without publishing as an attendee until they publish', () => {
    const room = roomEvents();
    room.admit({ data: { attendees: [{ id: cameraId('58') }] }, jsep: undefined });
    room.onEvent(event({ joining: { id: cameraId('59') } }));
    expect([...test.ctx.attendees.keys()]).toEqual([cameraId('58'), cameraId('59')]);
    room.onEvent(event({ publishers: [publisher(cameraId('59'))] }));
    expect([...test.ctx.attendees.keys()]).toEqual([cameraId('58')]);
    expect(test.ctx.feeds.has(cameraId('59'))).toBe(true);
    room.onEvent(event({ leaving: cameraId('58') }));
    expect(test.ctx.attendees.size).toBe(0);
  });

  it('drops a feed that leaves, unpublishes or is kicked, and tells the subscription', () => {
    const room = roomEvents();
    room.onEvent(event({ publishers: [publisher(cameraId('57')), publisher(cameraId('58')), publisher(cameraId('59'))] }));
    room.onEvent(event({ leaving: cameraId('57') }));
    room.onEvent(event({ unpublished: cameraId('58') }));
    room.onEvent(event({ kicked: cameraId('59') }));
    expect(test.ctx.feeds.size).toBe(0);
    expect(heard.forgotten).toEqual([cameraId('57'), cameraId('58'), cameraId('59')]);
    const changes = heard.changes;
    room.onEvent(event({ leaving: cameraId('57') }));
    expect(heard.changes).toBe(changes);
  });

  it('takes a new display of a known feed at once', () => {
    const room = roomEvents();
    room.onEvent(event({ publishers: [publisher(cameraId('57'))] }));
    room.onEvent(event({ id: cameraId('57'), display: cameraDisplay({ cam: false }) }));
    room.onEvent(event({ id: cameraId('58'), display: cameraDisplay() }));
    expect(test.ctx.feeds.get(cameraId('57'))?.devices).toEqual({ mic: true, cam: false });
    expect(test.ctx.feeds.has(cameraId('58'))).toBe(false);
    expect(heard.changes).toBe(2);
  });

  it('passes talking news to the speaker, a change only when it says so', () => {
    const room = roomEvents();
    room.onEvent({ data: { videoroom: 'talking', id: cameraId('57') }, jsep: undefined });
    room.onEvent({ data: { videoroom: 'stopped-talking', id: cameraId('57') }, jsep: undefined });
    expect(heard.talked.map((data) => data.videoroom)).toEqual(['talking', 'stopped-talking']);
    expect(heard.changes).toBe(1);
  });
});
