import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSubscription } from './subscription.ts';
import { FakeJanusPeer } from './testing/fake-janus.ts';
import { flush, janusTestContext, screenId } from './testing/janus-test-context.ts';

let test: ReturnType<typeof janusTestContext>;
let changes: number;

beforeEach(async () => {
  vi.useFakeTimers();
  test = janusTestContext();
  changes = 0;
  await test.openSession();
  test.ctx.privateId = 7;
});

afterEach(() => {
  FakeJanusPeer.initialState = 'connected';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const subscribe = (initialVisible?: number) => createSubscription(test.ctx, { initialVisible, onChange: () => (changes += 1) });
const subscriberJoin = () => test.room.requestsOf('join').find((entry) => entry.body.ptype === 'subscriber')?.body;
const updates = () => test.room.requestsOf('update').map((entry) => entry.body);

describe('the one subscription', () => {
  it('joins once for everyone there, tied to our publisher, and answers Janus’s offer', async () => {
    const budi = test.publishCamera('57');
    const screen = test.publishScreen('57');
    const citra = test.publishCamera('58');
    const subscription = subscribe();
    await subscription.reconcile();
    await flush();
    expect(subscriberJoin()).toMatchObject({ room: 4242, pin: 'pin-1', private_id: 7 });
    expect(subscriberJoin()!.streams).toEqual([
      { feed: budi, mid: '0' },
      { feed: budi, mid: '1', substream: 0 },
      { feed: screen, mid: '0', substream: 2 },
      { feed: citra, mid: '0' },
      { feed: citra, mid: '1', substream: 0 },
    ]);
    expect(test.room.requestsOf('start')).toHaveLength(1);
    expect(subscription.trackOf(budi, 'audio')).toBeDefined();
    expect(subscription.trackOf(screen, 'video')).toBeDefined();
    expect(subscription.trackOf(citra, 'video')).not.toBe(subscription.trackOf(budi, 'video'));
    expect(changes).toBeGreaterThan(0);
  });

  it('asks for nothing while nobody else publishes, and never for our own feeds', async () => {
    test.publishCamera('42');
    await subscribe().reconcile();
    expect(subscriberJoin()).toBeUndefined();
  });

  it('follows members who come and go with updates: only the new streams subscribed, a leaver’s not unsubscribed again', async () => {
    const budi = test.publishCamera('57');
    const subscription = subscribe();
    await subscription.reconcile();
    await flush();
    const citra = test.publishCamera('58');
    await subscription.reconcile();
    expect(updates()).toEqual([{ request: 'update', subscribe: [{ feed: citra, mid: '0' }, { feed: citra, mid: '1', substream: 0 }] }]);

    test.room.leave(budi);
    test.ctx.feeds.delete(budi);
    subscription.forget(budi);
    await flush();
    await subscription.reconcile();
    expect(updates()).toHaveLength(1);
    expect(subscription.trackOf(budi, 'audio')).toBeUndefined();
    expect(subscription.trackOf(citra, 'audio')).toBeDefined();
  });

  it('takes changes that come together in one update', async () => {
    test.publishCamera('57');
    const subscription = subscribe();
    await subscription.reconcile();
    await flush();
    const feeds = ['58', '59', '60'].map((user) => {
      const feed = test.publishCamera(user);
      subscription.reconcileSoon();
      return feed;
    });
    await vi.runOnlyPendingTimersAsync();
    await flush();
    expect(updates()).toHaveLength(1);
    expect((updates()[0]!.subscribe as { feed: number }[]).map((entry) => entry.feed)).toEqual(feeds.flatMap((feed) => [feed, feed]));
  });

  it('receives video only for the tiles on screen: a page turn is one update, a tile that grows only a new layer', async () => {
    const feeds = ['57', '58', '59', '60'].map((user) => test.publishCamera(user));
    const subscription = subscribe(2);
    await subscription.reconcile();
    await flush();
    expect((subscriberJoin()!.streams as { feed: number; mid: string }[]).filter((stream) => stream.mid === '1').map((stream) => stream.feed)).toEqual(feeds.slice(0, 2));

    subscription.setVisibleVideos([
      { id: '59', large: true },
      { id: '60', large: false },
    ]);
    await flush();
    expect(updates()).toEqual([
      {
        request: 'update',
        subscribe: [
          { feed: feeds[2], mid: '1', substream: 2 },
          { feed: feeds[3], mid: '1', substream: 0 },
        ],
        unsubscribe: [
          { feed: feeds[0], mid: '1' },
          { feed: feeds[1], mid: '1' },
        ],
      },
    ]);

    subscription.setVisibleVideos([
      { id: '59', large: false },
      { id: '60', large: true },
    ]);
    await flush();
    expect(updates()).toHaveLength(1);
    expect((test.room.requestsOf('configure').at(-1)!.body.streams as { substream: number }[]).map((layer) => layer.substream).sort()).toEqual([0, 2]);

    const asked = test.room.requests.length;
    subscription.setVisibleVideos([
      { id: '60', large: true },
      { id: '59', large: false },
    ]);
    await flush();
    expect(test.room.requests.length).toBe(asked);
  });

  it('renegotiates nothing until its first connection is up', async () => {
    FakeJanusPeer.initialState = 'connecting';
    test.publishCamera('57');
    const subscription = subscribe();
    await subscription.reconcile();
    await flush();
    test.publishCamera('58');
    void subscription.reconcile();
    await flush();
    expect(updates()).toHaveLength(0);
    expect(subscription.connectionState()).toBe('connecting');
    test.peers[0]!.setState('connected');
    await flush();
    expect(updates()).toHaveLength(1);
    expect(subscription.connectionState()).toBe('connected');
    test.peers[0]!.setState('disconnected');
    expect(subscription.connectionState()).toBe('reconnecting');
  });

  it('ends with the session, keeping which videos the screen shows for the next one', async () => {
    const feeds = ['57', '58'].map((user) => test.publishCamera(user));
    const subscription = subscribe();
    subscription.setVisibleVideos([{ id: '58', large: true }]);
    await flush();
    subscription.close();
    expect(test.peers[0]!.closed).toBe(true);
    expect(subscription.trackOf(feeds[1]!, 'video')).toBeUndefined();

    await test.openSession();
    await subscription.reconcile();
    const joins = test.room.requestsOf('join').filter((entry) => entry.body.ptype === 'subscriber');
    expect(joins).toHaveLength(2);
    expect((joins[1]!.body.streams as { feed: number; mid: string; substream?: number }[]).filter((stream) => stream.mid === '1')).toEqual([{ feed: feeds[1], mid: '1', substream: 2 }]);
  });

  it('does nothing for a call left meanwhile', async () => {
    test.publishCamera('57');
    const subscription = subscribe();
    test.ctx.session = undefined;
    await subscription.reconcile();
    expect(subscriberJoin()).toBeUndefined();
  });

  it('a screen is always received large', async () => {
    const screen = test.publishScreen('58');
    const subscription = subscribe();
    subscription.setVisibleVideos([]);
    await flush();
    expect(subscriberJoin()!.streams).toEqual([{ feed: screen, mid: '0', substream: 2 }]);
    expect(screen).toBe(screenId('58'));
  });
});
