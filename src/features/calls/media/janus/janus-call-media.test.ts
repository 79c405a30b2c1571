import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaDevices, FakeMediaStream, FakeTrack } from '../testing/fake-webrtc.ts';
import type { CallMedia } from '../call-media.ts';
import { COALESCE_MS, createJanusCallMedia, displayOf, parseDisplay } from './janus-call-media.ts';
import { fakeJanus, FakeJanusPeer, FakeVideoRoom } from './testing/fake-janus.ts';

/** A screen capture track: the browser ends it when the user stops sharing from its own bar. */
class DisplayTrack extends EventTarget {
  readonly id = `screen-${Math.random()}`;
  readonly kind = 'video';
  readyState: MediaStreamTrackState = 'live';
  stop() {
    this.readyState = 'ended';
  }
}

const SERVER = { url: 'ws://127.0.0.1:8188/', room: 4242, pin: 'pin-1', token: 'token-1', capacity: 50 };

let room: FakeVideoRoom;
let janus: ReturnType<typeof fakeJanus>;
let peers: FakeJanusPeer[];
let devices: FakeMediaDevices;
const opened: CallMedia[] = [];

/** Lets the client and the fake room answer each other (promises, and the room events' short wait). */
const settle = async () => {
  for (let round = 0; round < 3; round += 1) {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
  }
};

function member(options: { capacity?: number; initialVisible?: number } = {}) {
  const media = createJanusCallMedia({
    server: { ...SERVER, capacity: options.capacity ?? SERVER.capacity },
    selfId: '42',
    iceServers: [],
    mediaDevices: devices as unknown as MediaDevices,
    createPeer: (config) => {
      const peer = new FakeJanusPeer(config);
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
    connect: janus.connect,
    initialVisible: options.initialVisible,
  });
  opened.push(media);
  return media;
}

const camera = (user: string, more: Record<string, unknown> = {}) => displayOf({ user, kind: 'camera', mic: true, cam: true, ...more });
/** The peer connection that receives the others (the last one created without a send transceiver of ours). */
const receiving = () => peers.find((peer) => peer.transceivers.every((transceiver) => transceiver.direction === 'recvonly'))!;
const lastUpdate = () => room.requestsOf('update').at(-1)?.body;

beforeEach(() => {
  vi.useFakeTimers();
  room = new FakeVideoRoom();
  room.pin = SERVER.pin;
  janus = fakeJanus(room);
  peers = [];
  devices = new FakeMediaDevices();
  vi.stubGlobal('MediaStream', FakeMediaStream);
});

afterEach(() => {
  FakeJanusPeer.initialState = 'connected';
  for (const media of opened.splice(0)) media.leave();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a feed display', () => {
  it('round-trips who the member is and what they say of their devices, and names a foreign feed by its id', () => {
    expect(parseDisplay(displayOf({ user: '57', kind: 'screen' }), 9)).toEqual({ user: '57', kind: 'screen', mic: undefined, cam: undefined });
    expect(parseDisplay(camera('57', { mic: false }), 9)).toEqual({ user: '57', kind: 'camera', mic: false, cam: true });
    expect(parseDisplay('Budi', 9)).toEqual({ user: 'feed-9', kind: 'camera' });
    expect(parseDisplay('{"user":""}', 9).user).toBe('feed-9');
  });
});

describe('joining a Janus room', () => {
  it('joins as a publisher with the pin and token, publishes the camera as three simulcast layers, and says who it is', async () => {
    const media = member();
    await media.startLocal({ video: true });
    await media.join('meet-room');

    expect(room.sessions[0]!.options).toMatchObject({ url: SERVER.url, token: SERVER.token });
    expect(room.requestsOf('join')[0]!.body).toMatchObject({ request: 'join', ptype: 'publisher', room: 4242, pin: 'pin-1', display: camera('42') });
    const publisher = peers[0]!;
    expect(publisher.transceivers.map((transceiver) => [transceiver.direction, (transceiver.sender.track as FakeTrack | null)?.kind])).toEqual([
      ['sendonly', 'audio'],
      ['sendonly', 'video'],
    ]);
    expect(publisher.transceivers[1]!.sendEncodings?.map((encoding) => encoding.rid)).toEqual(['h', 'm', 'l']);
    expect(room.requestsOf('publish')).toHaveLength(1);
    expect(media.getState()).toMatchObject({ joined: true, full: false, capacity: 50 });
  });

  it('a voice call publishes the microphone with an empty camera slot, says the camera is off, and fills the slot when it is turned on', async () => {
    const media = member();
    await media.startLocal({ video: false });
    await media.join('meet-room');
    expect(devices.requests).toEqual([{ audio: true, video: false }]);
    expect(room.requestsOf('join')[0]!.body).toMatchObject({ display: camera('42', { cam: false }) });
    const publisher = peers[0]!;
    expect(publisher.transceivers.map((transceiver) => [transceiver.direction, (transceiver.sender.track as FakeTrack | null)?.kind])).toEqual([
      ['sendonly', 'audio'],
      ['sendonly', undefined],
    ]);

    await media.setCamera(true);
    await settle();
    expect(publisher.transceivers[1]!.sender.track).toBe(devices.opened.at(-1));
    expect(room.requestsOf('configure').at(-1)!.body).toEqual({ request: 'configure', display: camera('42') });
    expect(room.requestsOf('publish')).toHaveLength(1);
  });

  it('receives every member already there on one subscription: audio and video, video in the smallest layer', async () => {
    const budi = room.publish(camera('57'));
    const citra = room.publish(camera('58', { mic: false }));
    const media = member();
    await media.join('meet-room');
    await settle();

    const joinSubscriber = room.requestsOf('join').find((entry) => entry.body.ptype === 'subscriber')!.body;
    expect(joinSubscriber).toMatchObject({ room: 4242, pin: 'pin-1', private_id: 7 });
    expect(joinSubscriber.streams).toEqual([
      { feed: budi, mid: '0' },
      { feed: budi, mid: '1', substream: 0 },
      { feed: citra, mid: '0' },
      { feed: citra, mid: '1', substream: 0 },
    ]);
    expect(room.requestsOf('start')).toHaveLength(1);
    const { remotes } = media.getState();
    expect(remotes.map((remote) => [remote.id, remote.microphoneOn, remote.cameraOn, remote.stream?.getTracks().length])).toEqual([
      ['57', true, true, 2],
      ['58', false, true, 2],
    ]);
    // Connected once the browser says the media connection is up.
    receiving().setState('connecting');
    expect(media.getState().remotes.every((remote) => remote.state === 'connecting')).toBe(true);
    receiving().setState('connected');
    expect(media.getState().remotes.every((remote) => remote.state === 'connected')).toBe(true);
  });

  it('leaves at once, as full, when the room already holds its capacity', async () => {
    room.publish(camera('57'));
    room.publish(camera('58'));
    room.publish(camera('59'));
    const media = member({ capacity: 3 });
    await media.join('meet-room');
    expect(media.getState()).toMatchObject({ full: true, joined: false });
    expect(room.requestsOf('publish')).toHaveLength(0);
    expect(room.sessions[0]!.destroyed).toBe(true);
  });

  it('says full when Janus refuses the publisher for the room’s limit', async () => {
    room.full = true;
    const media = member();
    await media.join('meet-room');
    expect(media.getState()).toMatchObject({ full: true, joined: false });
  });

  it('rejects when the media server cannot be reached, and can join on a retry', async () => {
    janus.control.refuse = 1;
    const media = member();
    await expect(media.join('meet-room')).rejects.toThrow(/cannot be reached/);
    expect(media.getState().joined).toBe(false);
    await media.join('meet-room');
    expect(media.getState().joined).toBe(true);
  });
});

describe('what the screen shows', () => {
  it('receives video only for the tiles on screen, the large one in the best layer, and audio for everyone', async () => {
    const people = ['57', '58', '59', '60', '61', '62', '63', '64'].map((user) => ({ user, feed: room.publish(camera(user)) }));
    const media = member({ initialVisible: 4 });
    await media.join('meet-room');
    await settle();
    const first = room.requestsOf('join').find((entry) => entry.body.ptype === 'subscriber')!.body.streams as { feed: number; mid: string }[];
    expect(first.filter((stream) => stream.mid === '0')).toHaveLength(8);
    expect(first.filter((stream) => stream.mid === '1').map((stream) => stream.feed)).toEqual(people.slice(0, 4).map((person) => person.feed));

    // The second page, with 61 as the speaker.
    media.setVisibleVideos([
      { id: '61', large: true },
      { id: '62', large: false },
      { id: '63', large: false },
    ]);
    await settle();
    const update = lastUpdate()!;
    const feedOf = (user: string) => people.find((person) => person.user === user)!.feed;
    expect(update.subscribe).toEqual([
      { feed: feedOf('61'), mid: '1', substream: 2 },
      { feed: feedOf('62'), mid: '1', substream: 0 },
      { feed: feedOf('63'), mid: '1', substream: 0 },
    ]);
    expect(update.unsubscribe).toEqual(['57', '58', '59', '60'].map((user) => ({ feed: feedOf(user), mid: '1' })));
    expect(room.requestsOf('start')).toHaveLength(2);
    const withVideo = media.getState().remotes.filter((remote) => remote.stream?.getTracks().length === 2).map((remote) => remote.id);
    expect(withVideo).toEqual(['61', '62', '63']);
    expect(media.getState().remotes.every((remote) => remote.stream?.getTracks().length)).toBe(true);

    // 62 becomes large: only its layer changes, no renegotiation.
    media.setVisibleVideos([
      { id: '61', large: false },
      { id: '62', large: true },
      { id: '63', large: false },
    ]);
    await settle();
    expect(room.requestsOf('update')).toHaveLength(1);
    const layers = room.requestsOf('configure').at(-1)!.body.streams as { substream: number }[];
    expect(layers.map((layer) => layer.substream).sort()).toEqual([0, 2]);

    // The same list again asks nothing.
    const asked = room.requests.length;
    media.setVisibleVideos([
      { id: '61', large: false },
      { id: '62', large: true },
      { id: '63', large: false },
    ]);
    await settle();
    expect(room.requests.length).toBe(asked);
  });

  it('adds a member who publishes later, and drops one who leaves', async () => {
    const budi = room.publish(camera('57'));
    const media = member();
    await media.join('meet-room');
    await settle();
    const citra = room.publish(camera('58'));
    await settle();
    expect(lastUpdate()!.subscribe).toEqual([
      { feed: citra, mid: '0' },
      { feed: citra, mid: '1', substream: 0 },
    ]);
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57', '58']);

    room.leave(budi);
    await settle();
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['58']);
    // Janus removed its streams itself: nothing is unsubscribed twice.
    expect(room.requestsOf('update').every((request) => !JSON.stringify(request.body.unsubscribe ?? []).includes(String(budi)))).toBe(true);
  });

  it('renegotiates nothing until the first connection is up (Janus would leave its handshake unfinished)', async () => {
    FakeJanusPeer.initialState = 'connecting';
    room.publish(camera('57'));
    const media = member();
    await media.join('meet-room');
    await settle();
    room.publish(camera('58'));
    await settle();
    expect(room.requestsOf('update')).toHaveLength(0);
    receiving().setState('connected');
    await settle();
    expect(room.requestsOf('update')).toHaveLength(1);
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57', '58']);
  });

  it('takes members who join together in one renegotiation', async () => {
    room.publish(camera('57'));
    const media = member();
    await media.join('meet-room');
    await settle();
    const before = room.requestsOf('update').length;
    const feeds = ['58', '59', '60'].map((user) => room.publish(camera(user)));
    await settle();
    expect(room.requestsOf('update')).toHaveLength(before + 1);
    expect((lastUpdate()!.subscribe as { feed: number }[]).map((entry) => entry.feed)).toEqual(feeds.flatMap((feed) => [feed, feed]));
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57', '58', '59', '60']);
  });

  it('names the speaker from the room’s talking events, and keeps the last one', async () => {
    room.publish(camera('57'));
    const citra = room.publish(camera('58'));
    const media = member();
    await media.join('meet-room');
    await settle();
    expect(media.getState().activeSpeaker).toBeUndefined();
    room.talk(citra);
    await settle();
    expect(media.getState().activeSpeaker).toBe('58');
    expect(media.getState().remotes.map((remote) => remote.speaking)).toEqual([false, true]);
    room.stopTalking(citra);
    await settle();
    // Nobody talks now, and Citra keeps the floor until another speaks.
    expect(media.getState().remotes.map((remote) => remote.speaking)).toEqual([false, false]);
    expect(media.getState().activeSpeaker).toBe('58');
  });

  it('shows a member’s microphone as they say it, at once', async () => {
    const budi = room.publish(camera('57'));
    const media = member();
    await media.join('meet-room');
    await settle();
    room.changeDisplay(budi, camera('57', { mic: false, cam: false }));
    await settle();
    expect(media.getState().remotes[0]).toMatchObject({ id: '57', microphoneOn: false, cameraOn: false });
  });

  it('tells the room when the user mutes, by a new display', async () => {
    const media = member();
    await media.startLocal({ video: true });
    await media.join('meet-room');
    media.setMicrophone(false);
    await settle();
    expect(room.requestsOf('configure').at(-1)!.body).toEqual({ request: 'configure', display: camera('42', { mic: false }) });
  });
});

describe('screen sharing', () => {
  it('receives another member’s screen in the best layer, as their screen', async () => {
    room.publish(camera('57'));
    const screen = room.publish(displayOf({ user: '57', kind: 'screen' }), [{ type: 'video', mid: '0' }]);
    const media = member();
    await media.join('meet-room');
    await settle();
    const subscribed = room.requestsOf('join').find((entry) => entry.body.ptype === 'subscriber')!.body.streams;
    expect(subscribed).toContainEqual({ feed: screen, mid: '0', substream: 2 });
    const [budi] = media.getState().remotes;
    expect(budi!.id).toBe('57');
    expect(budi!.screen?.getTracks()).toHaveLength(1);
    expect(media.getState().remotes).toHaveLength(1);
  });

  it('publishes the chosen screen as a second feed of the user, and stops when the browser’s sharing ends', async () => {
    const displayTrack = new DisplayTrack();
    const getDisplayMedia = vi.fn(async () => new FakeMediaStream([displayTrack as unknown as FakeTrack]));
    Object.assign(devices, { getDisplayMedia });
    const media = member();
    expect(media.getState().canShareScreen).toBe(true);
    await media.join('meet-room');
    await media.shareScreen(true);

    expect(getDisplayMedia).toHaveBeenCalledWith({ video: true, audio: false });
    const joins = room.requestsOf('join').filter((entry) => entry.body.ptype === 'publisher');
    expect(joins[1]!.body.display).toBe(displayOf({ user: '42', kind: 'screen' }));
    expect(media.getState().screen).toBeDefined();

    await media.shareScreen(false);
    expect(media.getState().screen).toBeUndefined();
    expect(displayTrack.readyState).toBe('ended');
    expect(room.requestsOf('leave')).toHaveLength(1);

    // Shared again, then ended from the browser's own "Stop sharing".
    const again = new DisplayTrack();
    getDisplayMedia.mockResolvedValueOnce(new FakeMediaStream([again as unknown as FakeTrack]));
    await media.shareScreen(true);
    expect(media.getState().screen).toBeDefined();
    again.dispatchEvent(new Event('ended'));
    await settle();
    expect(media.getState().screen).toBeUndefined();
    expect(room.requestsOf('leave')).toHaveLength(2);
  });

  it('cannot share where the browser has no screen capture (phones)', () => {
    expect(member().getState().canShareScreen).toBe(false);
  });
});

describe('leaving and losing the connection', () => {
  it('leaves the room, closes every connection and releases the devices', async () => {
    room.publish(camera('57'));
    const media = member();
    await media.startLocal({ video: true });
    await media.join('meet-room');
    await settle();
    media.leave();
    expect(peers.every((peer) => peer.closed)).toBe(true);
    expect(devices.opened.every((track) => track.readyState === 'ended')).toBe(true);
    expect(room.sessions[0]!.destroyed).toBe(true);
    expect(media.getState()).toMatchObject({ joined: false, remotes: [] });
  });

  it('shows everyone as reconnecting when the socket drops, then joins again by itself', async () => {
    room.publish(camera('57'));
    const media = member();
    await media.join('meet-room');
    await vi.advanceTimersByTimeAsync(0);
    room.sessions[0]!.drop();
    expect(media.getState().remotes.map((remote) => remote.state)).toEqual(['reconnecting']);
    await vi.advanceTimersByTimeAsync(600);
    expect(room.sessions).toHaveLength(2);
    expect(media.getState()).toMatchObject({ joined: true });
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57']);
  });
});
