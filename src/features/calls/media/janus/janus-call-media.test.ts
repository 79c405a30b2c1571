import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaDevices, FakeMediaStream, FakeTrack } from '../testing/fake-webrtc.ts';
import type { CallMedia } from '../call-media.ts';
import { COALESCE_MS, createJanusCallMedia, displayOf, ID_IN_USE_RETRY_MS, parseDisplay, type JanusServer } from './janus-call-media.ts';
import { fakeJanus, FakeJanusPeer, FakeVideoRoom } from './testing/fake-janus.ts';
import { cameraId, DisplayTrack, rosterOf, screenId, serverFor } from './testing/janus-test-context.ts';

const MEMBERS = ['42', '57', '58', '59', '60', '61', '62', '63', '64'];
const SERVER = serverFor(MEMBERS);

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

/** What the server answers when the call is asked for again (the test's `refetch`). */
let answer: JanusServer;
let refetches = 0;

function member(options: { capacity?: number; initialVisible?: number; server?: Partial<JanusServer> } = {}) {
  const media = createJanusCallMedia({
    server: { ...SERVER, capacity: options.capacity ?? SERVER.capacity, ...options.server },
    // The tests' answers are JanusServer already (choose-call-media.ts reads a real answer's media).
    readServer: (next) => next as JanusServer,
    refetch: async () => {
      refetches += 1;
      return answer;
    },
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

const camera = (more: { mic?: boolean; cam?: boolean } = {}) => displayOf({ mic: true, cam: true, ...more });
/** Another member publishes their camera with the id the server gave them. */
const publishCamera = (user: string, more: { mic?: boolean; cam?: boolean } = {}) => room.publish(camera(more), undefined, cameraId(user));
/** The token the session's requests carry now (a function: renewed with the call's answers). */
const tokenOf = (session = room.sessions[0]!) => (typeof session.options.token === 'function' ? session.options.token() : session.options.token);
/** The peer connection that receives the others (the last one created without a send transceiver of ours). */
const receiving = () => peers.find((peer) => peer.transceivers.every((transceiver) => transceiver.direction === 'recvonly'))!;
const lastUpdate = () => room.requestsOf('update').at(-1)?.body;

beforeEach(() => {
  vi.useFakeTimers();
  room = new FakeVideoRoom();
  room.pin = SERVER.pin!;
  room.allowed = new Set([SERVER.joinToken!]);
  answer = SERVER;
  refetches = 0;
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
  it('carries only what the member says of their microphone and camera, never who they are', () => {
    expect(displayOf({ mic: false, cam: true })).toBe('{"mic":false,"cam":true}');
    expect(parseDisplay(camera({ mic: false }))).toEqual({ mic: false, cam: true });
    expect(parseDisplay('{"user":"57","kind":"screen","mic":true}')).toEqual({ mic: true, cam: undefined });
    expect(parseDisplay('Budi')).toEqual({});
  });
});

describe('joining a Janus room', () => {
  it('joins as a publisher with the pin, its own join token and feed id, publishes the camera as three simulcast layers, and says only its devices', async () => {
    const media = member();
    await media.startLocal({ video: true });
    await media.join('meet-room');

    expect(room.sessions[0]!.options).toMatchObject({ url: SERVER.url });
    expect(tokenOf()).toBe(SERVER.token);
    expect(room.requestsOf('join')[0]!.body).toEqual({ request: 'join', ptype: 'publisher', room: 4242, id: cameraId('42'), token: 'join-42', pin: 'pin-1', display: camera() });
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
    expect(room.requestsOf('join')[0]!.body).toMatchObject({ display: camera({ cam: false }) });
    const publisher = peers[0]!;
    expect(publisher.transceivers.map((transceiver) => [transceiver.direction, (transceiver.sender.track as FakeTrack | null)?.kind])).toEqual([
      ['sendonly', 'audio'],
      ['sendonly', undefined],
    ]);

    await media.setCamera(true);
    await settle();
    expect(publisher.transceivers[1]!.sender.track).toBe(devices.opened.at(-1));
    expect(room.requestsOf('configure').at(-1)!.body).toEqual({ request: 'configure', display: camera() });
    expect(room.requestsOf('publish')).toHaveLength(1);
  });

  it('receives every member already there on one subscription: audio and video, video in the smallest layer', async () => {
    const budi = publishCamera('57');
    const citra = publishCamera('58', { mic: false });
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
    publishCamera('57');
    publishCamera('58');
    publishCamera('59');
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
    const people = ['57', '58', '59', '60', '61', '62', '63', '64'].map((user) => ({ user, feed: publishCamera(user) }));
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
    const budi = publishCamera('57');
    const media = member();
    await media.join('meet-room');
    await settle();
    const citra = publishCamera('58');
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
    publishCamera('57');
    const media = member();
    await media.join('meet-room');
    await settle();
    publishCamera('58');
    await settle();
    expect(room.requestsOf('update')).toHaveLength(0);
    receiving().setState('connected');
    await settle();
    expect(room.requestsOf('update')).toHaveLength(1);
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57', '58']);
  });

  it('takes members who join together in one renegotiation', async () => {
    publishCamera('57');
    const media = member();
    await media.join('meet-room');
    await settle();
    const before = room.requestsOf('update').length;
    const feeds = ['58', '59', '60'].map((user) => publishCamera(user));
    await settle();
    expect(room.requestsOf('update')).toHaveLength(before + 1);
    expect((lastUpdate()!.subscribe as { feed: number }[]).map((entry) => entry.feed)).toEqual(feeds.flatMap((feed) => [feed, feed]));
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57', '58', '59', '60']);
  });

  it('names the speaker from the room’s talking events, and keeps the last one', async () => {
    publishCamera('57');
    const citra = publishCamera('58');
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
    const budi = publishCamera('57');
    const media = member();
    await media.join('meet-room');
    await settle();
    room.changeDisplay(budi, camera({ mic: false, cam: false }));
    await settle();
    expect(media.getState().remotes[0]).toMatchObject({ id: '57', microphoneOn: false, cameraOn: false });
  });

  it('tells the room when the user mutes, by a new display', async () => {
    const media = member();
    await media.startLocal({ video: true });
    await media.join('meet-room');
    media.setMicrophone(false);
    await settle();
    expect(room.requestsOf('configure').at(-1)!.body).toEqual({ request: 'configure', display: camera({ mic: false }) });
  });
});

describe('screen sharing', () => {
  it('receives another member’s screen in the best layer, as their screen', async () => {
    publishCamera('57');
    const screen = room.publish(displayOf({}), [{ type: 'video', mid: '0' }], screenId('57'));
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
    expect(joins[1]!.body).toMatchObject({ id: screenId('42'), token: 'join-42', display: displayOf({}) });
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
    publishCamera('57');
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
    publishCamera('57');
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

describe('who is who: the server’s roster, never a display (issue 33)', () => {
  /** The streams the subscription asks Janus for, by feed. */
  const subscribedFeeds = () => {
    const joins = room.requestsOf('join').filter((entry) => entry.body.ptype === 'subscriber');
    const updates = room.requestsOf('update');
    return new Set([...joins.flatMap((entry) => entry.body.streams as { feed: number }[]), ...updates.flatMap((entry) => (entry.body.subscribe as { feed: number }[] | undefined) ?? [])].map((stream) => stream.feed));
  };

  it('a feed whose display claims another member shows as its roster owner, and its claimed screen is no screen', async () => {
    // Rizky (57) publishes with his own camera id, but writes Budi's id and "screen" in his display.
    room.publish(displayOf({ user: '43', kind: 'screen', mic: true, cam: true } as never), undefined, cameraId('57'));
    const media = member();
    await media.join('meet-room');
    await settle();
    const remotes = media.getState().remotes;
    expect(remotes.map((remote) => remote.id)).toEqual(['57']);
    expect(remotes[0]!.screen).toBeUndefined();
    expect(remotes[0]!.stream?.getTracks()).toHaveLength(2);
  });

  it('a feed whose id is not in the roster gets no tile, no sound and no place in the attendee list, and the call is asked for once more', async () => {
    const budi = publishCamera('57');
    // An id the server never gave out, claiming to be Citra's screen.
    const stranger = room.publish(displayOf({ user: '58', kind: 'screen' } as never), undefined, 999_001);
    const media = member();
    await media.join('meet-room');
    await settle();
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57']);
    expect(media.getState().remotes[0]!.screen).toBeUndefined();
    expect(subscribedFeeds()).toEqual(new Set([budi]));
    expect(refetches).toBe(1);
    // The same stranger again (a republish) asks nothing more: once per id.
    room.leave(stranger);
    room.publish(displayOf({}), undefined, 999_001);
    await settle();
    expect(refetches).toBe(1);
    expect(subscribedFeeds()).toEqual(new Set([budi]));
  });

  it('an id the roster names only after a newer answer (a member admitted since) gets its tile then', async () => {
    const newcomer = room.publish(camera(), undefined, cameraId('70'));
    answer = { ...SERVER, roster: rosterOf([...MEMBERS, '70']) };
    const media = member();
    await media.join('meet-room');
    await settle();
    expect(refetches).toBe(1);
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['70']);
    expect(subscribedFeeds()).toEqual(new Set([newcomer]));
  });

  it('a second feed is a screen only when the roster says that id is the member’s screen', async () => {
    publishCamera('57');
    // Rizky's screen id carries a camera's display: the roster makes it his screen.
    room.publish(camera(), [{ type: 'video', mid: '0' }], screenId('57'));
    // Citra's camera id says "screen" in its display: it is her camera.
    room.publish(displayOf({ kind: 'screen' } as never), [{ type: 'video', mid: '0' }], cameraId('58'));
    const media = member();
    await media.join('meet-room');
    await settle();
    const [rizky, citra] = media.getState().remotes;
    expect(rizky).toMatchObject({ id: '57' });
    expect(rizky!.screen?.getTracks()).toHaveLength(1);
    expect(citra).toMatchObject({ id: '58', screen: undefined });
  });

  it('a feed the roster no longer names (a member removed) goes at the next answer', async () => {
    publishCamera('57');
    publishCamera('58');
    const media = member();
    await media.join('meet-room');
    await settle();
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57', '58']);
    media.renew!({ ...SERVER, roster: rosterOf(MEMBERS.filter((user) => user !== '58')) });
    await settle();
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57']);
    expect(lastUpdate()!.unsubscribe).toEqual([
      { feed: cameraId('58'), mid: '0' },
      { feed: cameraId('58'), mid: '1' },
    ]);
  });

  it('uses the token of the newest answer for every later request, keepalives included', async () => {
    const media = member();
    await media.join('meet-room');
    expect(tokenOf()).toBe('token-1');
    answer = { ...SERVER, token: 'token-2' };
    media.renew!(answer);
    expect(tokenOf()).toBe('token-2');
    // An answer for another room (or none) changes nothing.
    media.renew!({ ...SERVER, room: 5, token: 'token-x' });
    media.renew!(undefined);
    expect(tokenOf()).toBe('token-2');
    // A reconnect opens its session with the newest one too.
    room.sessions[0]!.drop();
    await vi.advanceTimersByTimeAsync(600);
    expect(room.sessions).toHaveLength(2);
    expect(tokenOf(room.sessions[1])).toBe('token-2');
  });

  it('joins again when its id is still taken (its last connection not yet gone), a few times, then fails saying so', async () => {
    // Our own id, held by a publisher that goes a moment later.
    const stale = room.publish(camera(), undefined, cameraId('42'));
    const media = member();
    const joined = media.join('meet-room');
    await vi.advanceTimersByTimeAsync(ID_IN_USE_RETRY_MS[0]! / 2);
    room.leave(stale);
    await vi.advanceTimersByTimeAsync(ID_IN_USE_RETRY_MS[0]!);
    await joined;
    expect(media.getState().joined).toBe(true);
    expect(room.requestsOf('join').filter((entry) => entry.body.id === cameraId('42'))).toHaveLength(2);

    // Held for good: a bounded number of tries, then a clear failure.
    media.leave();
    await settle();
    room.publish(camera(), undefined, cameraId('42'));
    const again = media.join('meet-room');
    const failed = expect(again).rejects.toThrow(/place in the call .* is taken/);
    await vi.advanceTimersByTimeAsync(ID_IN_USE_RETRY_MS.reduce((sum, delay) => sum + delay, 0));
    await failed;
    expect(media.getState().joined).toBe(false);
  });

  it('kicked by the server, asks for its place again and comes back with it; without one (out of the ACL) it stays out', async () => {
    publishCamera('57');
    const media = member();
    await media.join('meet-room');
    await settle();
    // A new place (the member logged out elsewhere and was given a new one): kicked, then back with it.
    room.allowed!.add('join-42b');
    answer = { ...SERVER, joinToken: 'join-42b', cameraFeedId: cameraId('42') + 100_000, screenFeedId: screenId('42') + 100_000 };
    room.kick(cameraId('42'));
    await settle();
    await vi.advanceTimersByTimeAsync(600);
    await settle();
    expect(refetches).toBe(1);
    expect(room.requestsOf('join').filter((entry) => entry.body.ptype === 'publisher').at(-1)!.body).toMatchObject({ id: cameraId('42') + 100_000, token: 'join-42b' });
    expect(media.getState()).toMatchObject({ joined: true });
    expect(media.getState().remotes.map((remote) => remote.id)).toEqual(['57']);

    // Removed: the answer is a 404 (the refetch fails), Janus refuses the old place: out, not retried.
    room.allowed!.clear();
    answer = undefined as unknown as JanusServer;
    const sessions = room.sessions.length;
    room.kick(cameraId('42') + 100_000);
    await settle();
    await vi.advanceTimersByTimeAsync(600);
    await settle();
    expect(media.getState().joined).toBe(false);
    expect(media.getState().remotes.every((remote) => remote.state === 'failed')).toBe(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(room.sessions.length).toBe(sessions + 1);
  });
});
