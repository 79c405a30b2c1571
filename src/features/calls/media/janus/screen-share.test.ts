import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaStream, type FakeTrack } from '../testing/fake-webrtc.ts';
import { createPublishing } from './publishing.ts';
import { createScreenShare } from './screen-share.ts';
import { DisplayTrack, flush, janusTestContext, screenId } from './testing/janus-test-context.ts';

let test: ReturnType<typeof janusTestContext>;
let captured: DisplayTrack[];

beforeEach(async () => {
  test = janusTestContext();
  captured = [];
  Object.assign(test.devices, {
    getDisplayMedia: async () => {
      const track = new DisplayTrack();
      captured.push(track);
      return new FakeMediaStream([track as unknown as FakeTrack]);
    },
  });
  await test.openSession();
});

afterEach(() => vi.unstubAllGlobals());

const screenShare = () => createScreenShare(test.ctx, createPublishing(test.ctx));
const publisherJoins = () => test.room.requestsOf('join').filter((entry) => entry.body.ptype === 'publisher');

describe('sharing our screen', () => {
  it('publishes the capture as a second feed of ours, with our screen id and join token, video only', async () => {
    const screen = screenShare();
    await screen.share(true);
    expect(publisherJoins().map((entry) => entry.body)).toEqual([expect.objectContaining({ id: screenId('42'), token: 'join-42', display: '{}' })]);
    expect(test.peers[0]!.transceivers.map((transceiver) => [transceiver.direction, transceiver.sender.track])).toEqual([['sendonly', captured[0]]]);
    expect(test.media.getState().screen?.getTracks()).toEqual([captured[0]]);
    expect(test.ctx.ownFeeds).toEqual(new Set([screenId('42')]));
    // Shared already: nothing more.
    await screen.share(true);
    expect(captured).toHaveLength(1);
  });

  it('stops: leaves the room, ends the capture, shows no screen', async () => {
    const screen = screenShare();
    await screen.share(true);
    await screen.share(false);
    expect(test.room.requestsOf('leave')).toHaveLength(1);
    expect(test.peers[0]!.closed).toBe(true);
    expect(captured[0]!.readyState).toBe('ended');
    expect(test.media.getState().screen).toBeUndefined();
    expect(test.ctx.ownFeeds.size).toBe(0);
  });

  it('stops when the browser’s own sharing bar ends the capture', async () => {
    await screenShare().share(true);
    captured[0]!.dispatchEvent(new Event('ended'));
    await flush();
    expect(test.media.getState().screen).toBeUndefined();
    expect(test.room.requestsOf('leave')).toHaveLength(1);
  });

  it('ends with the session: the capture stops, the connection closes', async () => {
    const screen = screenShare();
    await screen.share(true);
    screen.close();
    expect(test.peers[0]!.closed).toBe(true);
    expect(captured[0]!.readyState).toBe('ended');
    expect(test.ctx.ownFeeds.size).toBe(0);
  });

  it('shares nothing, and stops the capture, when the server gave us no screen feed', async () => {
    test.ctx.server = { ...test.ctx.server, screenFeedId: undefined };
    await expect(screenShare().share(true)).rejects.toThrow(/no screen feed/);
    expect(captured[0]!.readyState).toBe('ended');
    expect(publisherJoins()).toHaveLength(0);
  });

  it('shares nothing when the call was left while the user chose the screen', async () => {
    const sharing = screenShare().share(true);
    test.ctx.attempt += 1;
    await sharing;
    expect(captured[0]!.readyState).toBe('ended');
    expect(publisherJoins()).toHaveLength(0);
    expect(test.media.getState().screen).toBeUndefined();
  });

  it('refuses outside a call', async () => {
    test.ctx.session = undefined;
    await expect(screenShare().share(true)).rejects.toThrow(/not in a call/);
  });
});
