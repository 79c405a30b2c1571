// One call's context (janus-context.ts) on the in-memory VideoRoom, for the tests of one part at a time:
// the member 42 with its server-given feed ids, a roster of a few members, the fake devices and peer
// connections, and the room's other members played by the test.
import { vi } from 'vitest';
import { NO_MEDIA } from '../../call-media.ts';
import { createMediaFacade } from '../../media-facade.ts';
import { FakeMediaDevices, FakeMediaStream } from '../../testing/fake-webrtc.ts';
import { createJanusContext, PLUGIN, type JanusServer } from '../janus-context.ts';
import type { JanusHandle } from '../janus-connection.ts';
import { displayOf, type RosterEntry } from '../feeds.ts';
import { fakeJanus, FakeJanusPeer, FakeVideoRoom } from './fake-janus.ts';

/** The server-assigned feed ids of a member (issue 33): its camera and its screen. */
export const cameraId = (user: string) => Number(user) * 10 + 1;
export const screenId = (user: string) => Number(user) * 10 + 2;
export const rosterOf = (users: string[]) =>
  new Map<number, RosterEntry>(users.flatMap((user) => [[cameraId(user), { user, kind: 'camera' as const }] as const, [screenId(user), { user, kind: 'screen' as const }] as const]));

export const SELF = '42';
/** What the backend answers for member 42's join of room 4242, with these members in its roster. */
export const serverFor = (members: string[]): JanusServer => ({
  url: 'ws://127.0.0.1:8188/',
  room: 4242,
  pin: 'pin-1',
  token: 'token-1',
  capacity: 50,
  joinToken: 'join-42',
  cameraFeedId: cameraId(SELF),
  screenFeedId: screenId(SELF),
  roster: rosterOf(members),
});
export const SERVER = serverFor([SELF, '57', '58', '59', '60']);

/** A screen capture track: the browser ends it when the user stops sharing from its own bar. */
export class DisplayTrack extends EventTarget {
  readonly id = `screen-${Math.random()}`;
  readonly kind = 'video';
  readyState: MediaStreamTrackState = 'live';
  stop() {
    this.readyState = 'ended';
  }
}

export const cameraDisplay = (more: { mic?: boolean; cam?: boolean } = {}) => displayOf({ mic: true, cam: true, ...more });

/** Lets the client and the fake room answer each other (promises and microtasks; no time passes). */
export const flush = async () => {
  for (let i = 0; i < 30; i += 1) await Promise.resolve();
};

export function janusTestContext(server: Partial<JanusServer> = {}) {
  vi.stubGlobal('MediaStream', FakeMediaStream);
  const room = new FakeVideoRoom();
  room.pin = SERVER.pin!;
  room.allowed = new Set([SERVER.joinToken!]);
  const janus = fakeJanus(room);
  const peers: FakeJanusPeer[] = [];
  const devices = new FakeMediaDevices();
  const mediaDevices = () => devices as unknown as MediaDevices;
  const media = createMediaFacade({ initial: { ...NO_MEDIA, capacity: SERVER.capacity }, devices: mediaDevices, send: () => undefined });
  const ctx = createJanusContext({
    selfId: SELF,
    server: { ...SERVER, ...server },
    media,
    iceServers: [],
    createPeer: (config) => {
      const peer = new FakeJanusPeer(config);
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
    devices: mediaDevices,
  });
  /** A new attempt with its session, as joining opens it. */
  async function openSession() {
    ctx.attempt += 1;
    ctx.session = await janus.connect({ url: ctx.server.url, token: () => ctx.server.token ?? undefined });
    return ctx.session;
  }
  /** Our camera publisher in the room, joined by hand (what the room tells it is the test's to read). */
  async function joinRoom(): Promise<JanusHandle> {
    const handle = await ctx.session!.attach(PLUGIN);
    await handle.request({ request: 'join', ptype: 'publisher', room: SERVER.room, id: ctx.server.cameraFeedId, pin: SERVER.pin, token: SERVER.joinToken, display: cameraDisplay() });
    return handle;
  }
  /** Another member publishes their camera (audio mid 0, video mid 1), and the context hears of it. */
  function publishCamera(user: string, more: { mic?: boolean; cam?: boolean } = {}) {
    const id = room.publish(cameraDisplay(more), undefined, cameraId(user));
    ctx.feeds.set(id, { id, devices: { mic: true, cam: true, ...more }, streams: [{ type: 'audio', mid: '0', disabled: false }, { type: 'video', mid: '1', disabled: false }], order: ctx.nextOrder++ });
    return id;
  }
  /** Another member shares a screen (video mid 0). */
  function publishScreen(user: string) {
    const id = room.publish(displayOf({}), [{ type: 'video', mid: '0' }], screenId(user));
    ctx.feeds.set(id, { id, devices: {}, streams: [{ type: 'video', mid: '0', disabled: false }], order: ctx.nextOrder++ });
    return id;
  }
  return { ctx, room, janus, peers, devices, media, openSession, joinRoom, publishCamera, publishScreen };
}
