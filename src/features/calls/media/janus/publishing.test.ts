import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeTrack } from '../testing/fake-webrtc.ts';
import { PLUGIN } from './janus-context.ts';
import { createPublishing, ID_IN_USE_RETRY_MS } from './publishing.ts';
import { cameraDisplay, cameraId, janusTestContext, SELF } from './testing/janus-test-context.ts';

let test: ReturnType<typeof janusTestContext>;

beforeEach(() => {
  vi.useFakeTimers();
  test = janusTestContext();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Joins and publishes our camera as the call does, with the devices started as `video` says. */
async function publishOwnCamera({ video = true } = {}) {
  const { ctx, media } = test;
  await media.local.start(video);
  const session = await test.openSession();
  const publishing = createPublishing(ctx);
  const handle = await session.attach(PLUGIN);
  const { joined, display } = await publishing.joinCamera(handle, ctx.attempt);
  publishing.adopt(handle, joined);
  const published = await publishing.publishCamera(display);
  return { publishing, published, publisher: test.peers[0]! };
}

const sent = (peer: { transceivers: { direction: string; sender: { track: unknown } }[] }) =>
  peer.transceivers.map((transceiver) => [transceiver.direction, (transceiver.sender.track as FakeTrack | null)?.kind]);

describe('publishing our camera', () => {
  it('joins with our own feed id, join token and pin, saying only our devices, and keeps the private id for the subscription', async () => {
    const { published } = await publishOwnCamera();
    expect(published).toBe('published');
    expect(test.room.requestsOf('join')[0]!.body).toEqual({ request: 'join', ptype: 'publisher', room: 4242, id: cameraId(SELF), token: 'join-42', pin: 'pin-1', display: cameraDisplay() });
    expect(test.ctx.privateId).toBe(7);
    expect(test.ctx.ownFeeds).toEqual(new Set([cameraId(SELF)]));
  });

  it('sends the microphone and the camera once, the camera as three simulcast layers', async () => {
    const { publisher } = await publishOwnCamera();
    expect(sent(publisher)).toEqual([
      ['sendonly', 'audio'],
      ['sendonly', 'video'],
    ]);
    expect(publisher.transceivers[1]!.sendEncodings?.map((encoding) => encoding.rid)).toEqual(['h', 'm', 'l']);
    expect(test.room.requestsOf('publish')).toHaveLength(1);
  });

  it('without a camera, leaves its slot empty and fills it by replaceTrack, without publishing again', async () => {
    const { publishing, publisher } = await publishOwnCamera({ video: false });
    expect(test.room.requestsOf('join')[0]!.body).toMatchObject({ display: cameraDisplay({ cam: false }) });
    expect(sent(publisher)).toEqual([
      ['sendonly', 'audio'],
      ['sendonly', undefined],
    ]);
    const camera = test.devices.opened[0]!;
    publishing.send('video', camera as unknown as MediaStreamTrack);
    await vi.advanceTimersByTimeAsync(0);
    expect(publisher.transceivers[1]!.sender.track).toBe(camera);
    expect(test.room.requestsOf('publish')).toHaveLength(1);
  });

  it('tells the room a new display when the microphone or camera changes, and nothing when they did not', async () => {
    const { publishing } = await publishOwnCamera();
    publishing.announce();
    expect(test.room.requestsOf('configure')).toHaveLength(0);
    test.media.set({ microphoneOn: false });
    publishing.announce();
    expect(test.room.requestsOf('configure').map((request) => request.body)).toEqual([{ request: 'configure', display: cameraDisplay({ mic: false }) }]);
  });

  it('says full when Janus refuses the publisher for the room’s limit', async () => {
    test.room.full = true;
    const { published } = await publishOwnCamera();
    expect(published).toBe('full');
  });

  it('leaves the room and closes its connection when the session ends, and says nothing more', async () => {
    const { publishing, publisher } = await publishOwnCamera();
    publishing.close();
    expect(publisher.closed).toBe(true);
    expect(test.room.requestsOf('leave')).toHaveLength(1);
    test.media.set({ microphoneOn: false });
    publishing.announce();
    expect(test.room.requestsOf('configure')).toHaveLength(0);
  });
});

describe('joining with an id in use', () => {
  it('tries again while our last connection is still in the room, then joins', async () => {
    const stale = test.room.publish(cameraDisplay(), undefined, cameraId(SELF));
    const session = await test.openSession();
    const publishing = createPublishing(test.ctx);
    const joining = publishing.joinCamera(await session.attach(PLUGIN), test.ctx.attempt);
    await vi.advanceTimersByTimeAsync(0);
    test.room.leave(stale);
    await vi.runOnlyPendingTimersAsync();
    await expect(joining).resolves.toMatchObject({ joined: { data: { videoroom: 'joined', id: cameraId(SELF) } } });
    expect(test.room.requestsOf('join')).toHaveLength(2);
  });

  it('fails saying so when the id stays taken', async () => {
    test.room.publish(cameraDisplay(), undefined, cameraId(SELF));
    const session = await test.openSession();
    const publishing = createPublishing(test.ctx);
    const failed = expect(publishing.joinCamera(await session.attach(PLUGIN), test.ctx.attempt)).rejects.toThrow(/place in the call .* is taken/);
    await vi.runAllTimersAsync();
    await failed;
    expect(test.room.requestsOf('join')).toHaveLength(ID_IN_USE_RETRY_MS.length + 1);
  });

  it('gives up at once when the call was left meanwhile', async () => {
    test.room.publish(cameraDisplay(), undefined, cameraId(SELF));
    const session = await test.openSession();
    const publishing = createPublishing(test.ctx);
    const failed = expect(publishing.joinCamera(await session.attach(PLUGIN), test.ctx.attempt)).rejects.toThrow(/already exists/);
    test.ctx.attempt += 1;
    await vi.runAllTimersAsync();
    await failed;
    expect(test.room.requestsOf('join')).toHaveLength(1);
  });
});

describe('publishing a screen', () => {
  it('sends video only, in one layer', async () => {
    const session = await test.openSession();
    const publishing = createPublishing(test.ctx);
    const handle = await session.attach(PLUGIN);
    await publishing.joinAsPublisher(handle, 'screen', '{}', test.ctx.attempt);
    const screen = { kind: 'video', id: 'screen' };
    const pc = await publishing.publish(handle, { video: screen as unknown as MediaStreamTrack, simulcast: false, withAudio: false }, '{}');
    expect(test.room.requestsOf('join')[0]!.body).toMatchObject({ id: test.ctx.server.screenFeedId, token: 'join-42' });
    expect(pc).toBe(test.peers[0]);
    expect(test.peers[0]!.transceivers.map((transceiver) => [transceiver.direction, transceiver.sendEncodings])).toEqual([['sendonly', undefined]]);
  });
});
