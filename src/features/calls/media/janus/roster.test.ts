import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoster, isFull, isOwn, otherAttendeesOf, othersOf, ownerOf } from './roster.ts';
import { cameraId, flush, janusTestContext, rosterOf, SERVER, screenId } from './testing/janus-test-context.ts';

let test: ReturnType<typeof janusTestContext>;

beforeEach(() => {
  test = janusTestContext();
});

afterEach(() => vi.unstubAllGlobals());

describe('who is who, by the roster', () => {
  it('names a feed by its id, and ours are ours whatever the roster says', () => {
    const { ctx } = test;
    expect(ownerOf(ctx, screenId('57'))).toEqual({ user: '57', kind: 'screen' });
    expect(ownerOf(ctx, 999_001)).toBeUndefined();
    expect(isOwn(ctx, cameraId('42'))).toBe(true);
    expect(isOwn(ctx, cameraId('57'))).toBe(false);
    ctx.ownFeeds.add(5);
    expect(isOwn(ctx, 5)).toBe(true);
  });

  it('shows the others’ feeds and attendees the roster names, never ours or a stranger’s', () => {
    const { ctx } = test;
    const budi = test.publishCamera('57');
    test.publishCamera('42');
    ctx.feeds.set(999_001, { id: 999_001, devices: {}, streams: [], order: 9 });
    ctx.attendees.set(cameraId('58'), { order: 3 });
    ctx.attendees.set(999_002, { order: 4 });
    expect(othersOf(ctx).map((feed) => [feed.id, feed.owner.user])).toEqual([[budi, '57']]);
    expect(otherAttendeesOf(ctx)).toEqual([{ user: '58', order: 3 }]);
  });

  it('counts a room as full by the members the roster names there, us not included', () => {
    const { ctx } = test;
    ctx.server = { ...ctx.server, capacity: 2 };
    expect(isFull(ctx, { publishers: [{ id: cameraId('57') }, { id: screenId('57') }, { id: 999_001 }], attendees: [{ id: cameraId('42') }] })).toBe(false);
    expect(isFull(ctx, { publishers: [{ id: cameraId('57') }], attendees: [{ id: cameraId('58') }] })).toBe(true);
  });
});

describe('ids the roster does not name', () => {
  function roster(answers: unknown[]) {
    const asked: number[] = [];
    const renewed: number[] = [];
    const result = createRoster(test.ctx, {
      readServer: (media) => media as typeof SERVER | undefined,
      refetch: async () => {
        asked.push(asked.length);
        return answers.shift();
      },
      onRenewed: () => renewed.push(renewed.length),
    });
    return { roster: result, asked, renewed };
  }

  it('asks for the call once per unknown id, and takes the roster it brings', async () => {
    await test.openSession();
    const { roster: known, asked, renewed } = roster([{ ...SERVER, roster: rosterOf(['42', '57', '70']) }]);
    known.askAboutUnknown([cameraId('57'), cameraId('70'), cameraId('42')]);
    await flush();
    expect(asked).toHaveLength(1);
    expect(ownerOf(test.ctx, cameraId('70'))).toEqual({ user: '70', kind: 'camera' });
    expect(renewed).toHaveLength(1);
    known.askAboutUnknown([999_001]);
    known.askAboutUnknown([999_001]);
    await flush();
    expect(asked).toHaveLength(2);
  });

  it('asks one request at a time, and once more for what came meanwhile', async () => {
    const { roster: known, asked } = roster([undefined, undefined, undefined]);
    known.askAboutUnknown([999_001]);
    known.askAboutUnknown([999_002]);
    known.askAboutUnknown([999_003]);
    expect(asked).toHaveLength(1);
    await flush();
    expect(asked).toHaveLength(2);
  });

  it('drops an answer that comes after the call was left', async () => {
    const { roster: known } = roster([{ ...SERVER, token: 'token-2' }]);
    const refreshed = known.refresh();
    test.ctx.attempt += 1;
    await refreshed;
    expect(test.ctx.server.token).toBe('token-1');
  });
});

describe('a newer answer', () => {
  it('brings the token and roster of the same room; another room’s or none changes nothing', async () => {
    const renewed: string[] = [];
    const known = createRoster(test.ctx, { readServer: (media) => media as typeof SERVER | undefined, onRenewed: () => renewed.push('renewed') });
    known.renew({ ...SERVER, token: 'token-2' });
    expect(test.ctx.server.token).toBe('token-2');
    // Not in the room yet: nothing to show.
    expect(renewed).toEqual([]);
    await test.openSession();
    known.renew({ ...SERVER, room: 5, token: 'token-x' });
    known.renew(undefined);
    expect(test.ctx.server.token).toBe('token-2');
    known.renew({ ...SERVER, token: 'token-3' });
    expect(renewed).toEqual(['renewed']);
  });
});
