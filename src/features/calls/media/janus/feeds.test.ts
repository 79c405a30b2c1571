// What the one subscription holds (feeds.ts, planSubscription): the call's sound is everyone's, its
// pictures only the tiles on screen, in the size each tile needs, and every shared screen large.
import { describe, expect, it } from 'vitest';
import { displayOf, key, LARGE_LAYER, parseDisplay, peopleOf, planSubscription, SMALL_LAYER, type OwnedFeed } from './feeds.ts';

const feed = (id: number, user: string, kind: 'camera' | 'screen' = 'camera', order = id): OwnedFeed => ({
  id,
  devices: {},
  order,
  owner: { user, kind },
  streams: kind === 'screen' ? [{ type: 'video', mid: '0', disabled: false }] : [{ type: 'audio', mid: '0', disabled: false }, { type: 'video', mid: '1', disabled: false }, { type: 'data', mid: '2', disabled: false }],
});

describe('planSubscription', () => {
  const people = [feed(1, '43'), feed(2, '57'), feed(3, '58')];

  it('asks for every member\'s sound, and for the first members\' pictures (small) until the screen says which it shows', () => {
    const plan = planSubscription(people, undefined, 2);
    expect([...plan.values()].filter((stream) => stream.mid === '0').map((stream) => stream.feed)).toEqual([1, 2, 3]);
    expect([...plan.values()].filter((stream) => stream.mid === '1')).toEqual([
      { feed: 1, mid: '1', substream: SMALL_LAYER },
      { feed: 2, mid: '1', substream: SMALL_LAYER },
    ]);
    expect(plan.has(key(1, '2'))).toBe(false); // data channels are not media
  });

  it('takes the tiles on screen: a large tile in the full layer, a small one in the smallest, none for a member off screen', () => {
    const plan = planSubscription(people, new Map([['57', true], ['58', false]]), 6);
    expect(plan.get(key(2, '1'))?.substream).toBe(LARGE_LAYER);
    expect(plan.get(key(3, '1'))?.substream).toBe(SMALL_LAYER);
    expect(plan.has(key(1, '1'))).toBe(false);
    expect(plan.has(key(1, '0'))).toBe(true);
  });

  it('always takes a shared screen, large, and leaves out a stream its publisher disabled', () => {
    const sharing = feed(9, '43', 'screen');
    const muted = { ...feed(4, '59'), streams: [{ type: 'audio' as const, mid: '0', disabled: true }] };
    const plan = planSubscription([...people, sharing, muted], new Map(), 6);
    expect(plan.get(key(9, '0'))).toEqual({ feed: 9, mid: '0', substream: LARGE_LAYER });
    expect(plan.has(key(4, '0'))).toBe(false);
  });
});

describe('the display protocol', () => {
  it('carries only the microphone and camera, and reads nothing else back', () => {
    expect(displayOf({ mic: false, cam: true })).toBe('{"mic":false,"cam":true}');
    expect(parseDisplay('{"user":"57","kind":"screen","mic":true}')).toEqual({ mic: true, cam: undefined });
    expect(parseDisplay('Budi')).toEqual({});
  });
});

describe('peopleOf', () => {
  it('shows each member once, with their newest camera and their screen, in the order they came; one who only joined has no feed', () => {
    const people = peopleOf([feed(1, '43', 'camera', 1), feed(5, '57', 'camera', 2), feed(7, '43', 'camera', 4), feed(9, '43', 'screen', 5)], [{ user: '58', order: 3 }, { user: '57', order: 0 }]);
    expect([...people].sort((a, b) => a[1].order - b[1].order).map(([user, person]) => [user, person.camera?.id, person.screen?.id])).toEqual([
      ['57', 5, undefined],
      ['58', undefined, undefined],
      ['43', 7, 9],
    ]);
  });
});
