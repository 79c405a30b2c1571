// The call signalling against the real realtime mock: pusher-js clients as sandbox users join one meet
// room's presence channel (authorised by the mock's /broadcasting/auth for the call room's members
// only), see each other come and go, and exchange signals addressed to one another; a signal counts as
// from whom the server says sent it, never from whom its payload claims.
import Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRealtimeMock, type RealtimeMock } from '../../../mocks/realtime/server.ts';
import { currentCallSignalling, watchCallSignalling, type CallSignalling, type MembershipChange, type ReceivedSignal, type SignallingRoom } from '../../shared/domain/call-signalling.ts';
import { connectBroadcast } from './broadcast-connection.ts';
import { CALL_SIGNAL_EVENT, callRoomChannelName, createCallSignalling } from './call-signalling.ts';

/** A group call of Ayu 42, Budi 43 and Rizky 57 (as the sandbox registers a started call's meet room). */
const MEET_ROOM = '8d0c6a4e-2b1f-4e3d-9c5a-7f6e1d2b3a40';
const MEMBERS = [42, 43, 57];
let mock: RealtimeMock;
const clients: Pusher[] = [];

beforeAll(async () => {
  mock = await startRealtimeMock({ port: 0 });
  mock.callRooms.register(MEET_ROOM, () => MEMBERS);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await mock?.stop();
});

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the app's authorizeChannel does: the mock's /broadcasting/auth with the user's sandbox token. */
async function authorize(userId: number, socketId: string, channelName: string) {
  const response = await fetch(`${mock.url}/broadcasting/auth`, {
    method: 'POST',
    headers: { authorization: `Bearer sandbox.${userId}.a1b2c3`, 'content-type': 'application/json' },
    body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
  });
  if (!response.ok) throw new Error(`auth ${response.status}`);
  return (await response.json()) as { auth: string; channel_data?: string };
}

async function connectedClient(userId: number): Promise<Pusher> {
  const client = new Pusher('ess-mock-key', {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: mock.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        authorize(userId, socketId, channelName).then(
          (data) => callback(null, data),
          (error: unknown) => callback(error as Error, null),
        );
      },
    },
  });
  clients.push(client);
  await until(() => client.connection.state === 'connected');
  return client;
}

async function joinAs(userId: number) {
  const client = await connectedClient(userId);
  const room = await createCallSignalling({ client, prefix: 'ess', selfId: String(userId) }).join(MEET_ROOM);
  const changes: MembershipChange[] = [];
  const signals: ReceivedSignal[] = [];
  room.onMembership((change) => changes.push(change));
  room.onSignal((signal) => signals.push(signal));
  return { client, room, changes, signals };
}

describe('call signalling over the presence channel', () => {
  it('tells each member who is there, delivers addressed signals and reports leaving', async () => {
    const ayu = await joinAs(42);
    expect(ayu.room.selfId).toBe('42');
    expect(ayu.changes).toEqual([{ type: 'present', ids: [] }]);

    const budi = await joinAs(43);
    expect(budi.changes).toEqual([{ type: 'present', ids: ['42'] }]);
    await until(() => ayu.changes.length === 2);
    expect(ayu.changes[1]).toEqual({ type: 'added', id: '43' });
    expect(budi.room.session).not.toBe(ayu.room.session);

    // The joiner offers; the member already there answers.
    budi.room.send('42', { kind: 'offer', sdp: 'v=0 offer' });
    await until(() => ayu.signals.length === 1);
    expect(ayu.signals[0]).toEqual({ from: '43', session: budi.room.session, signal: { kind: 'offer', sdp: 'v=0 offer' } });
    ayu.room.send('43', { kind: 'answer', sdp: 'v=0 answer' });
    ayu.room.send('43', { kind: 'candidates', candidates: [{ candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 }] });
    await until(() => budi.signals.length === 2);
    expect(budi.signals.map((s) => s.signal.kind)).toEqual(['answer', 'candidates']);
    expect(budi.signals[0]).toMatchObject({ from: '42', session: ayu.room.session });

    ayu.room.leave();
    await until(() => budi.changes.length === 2);
    expect(budi.changes[1]).toEqual({ type: 'removed', id: '42' });
    expect(mock.listeners().pusher.channels[callRoomChannelName('ess', MEET_ROOM)]).toBe(1);
    budi.room.leave();
  });

  it('drops a malformed signal with a warning and ignores one addressed to someone else', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ayu = await joinAs(42);
    const budi = await joinAs(43);
    const channel = ayu.client.channel(callRoomChannelName('ess', MEET_ROOM)) as PresenceChannel;
    channel.trigger(CALL_SIGNAL_EVENT, { from: '42', to: '43', signal: { kind: 'offer' } });
    ayu.room.send('57', { kind: 'bye' });
    ayu.room.send('43', { kind: 'bye' }); // Sent last: once it is in, the two before it were handled.
    await until(() => budi.signals.length > 0);
    expect(budi.signals).toEqual([{ from: '42', session: ayu.room.session, signal: { kind: 'bye' } }]);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/dropped a malformed call signal from broadcast/);
    ayu.room.leave();
    budi.room.leave();
  });

  it('drops a signal whose from is not the member the server says sent it: a third member cannot end the call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ayu = await joinAs(42);
    const budi = await joinAs(43);
    const rizky = await joinAs(57);
    const channel = rizky.client.channel(callRoomChannelName('ess', MEET_ROOM)) as PresenceChannel;
    // Rizky forges Budi's bye (and an offer) to Ayu: the broadcast server says Rizky sent them.
    channel.trigger(CALL_SIGNAL_EVENT, { from: '43', to: '42', session: budi.room.session, signal: { kind: 'bye' } });
    channel.trigger(CALL_SIGNAL_EVENT, { from: '43', to: '42', session: budi.room.session, signal: { kind: 'offer', sdp: 'v=0 forged' } });
    budi.room.send('42', { kind: 'answer', sdp: 'v=0 genuine' }); // Sent last: once it is in, the forged ones were handled.
    await until(() => ayu.signals.length > 0);
    expect(ayu.signals).toEqual([{ from: '43', session: budi.room.session, signal: { kind: 'answer', sdp: 'v=0 genuine' } }]);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      'realtime: dropped a call signal claiming to be from 43 but sent by 57',
      'realtime: dropped a call signal claiming to be from 43 but sent by 57',
    ]);
    // Rizky's own signals still count.
    rizky.room.send('42', { kind: 'bye' });
    await until(() => ayu.signals.length === 2);
    expect(ayu.signals[1]).toEqual({ from: '57', session: rizky.room.session, signal: { kind: 'bye' } });
    for (const member of [ayu, budi, rizky]) member.room.leave();
  });

  it('is refused the call room of a call the user is not in', async () => {
    const client = await connectedClient(61); // Siti Rahmawati is not a member of the call's room.
    await expect(createCallSignalling({ client, prefix: 'ess', selfId: '61' }).join(MEET_ROOM)).rejects.toThrow(/refused/);
    expect(mock.listeners().pusher.channels[callRoomChannelName('ess', MEET_ROOM)] ?? 0).toBe(0);
  });

  it('rejects a second join of the same room, a refused join and a join while disconnected', async () => {
    const client = await connectedClient(42);
    const signalling = createCallSignalling({ client, prefix: 'ess', selfId: '42' });
    const room = await signalling.join(MEET_ROOM);
    await expect(signalling.join(MEET_ROOM)).rejects.toThrow(/already in/);
    room.leave();

    const forged = new Pusher('ess-mock-key', {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: mock.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: { customHandler: (_params, callback) => callback(null, { auth: 'ess-mock-key:forged', channel_data: '{"user_id":42}' }) },
    });
    clients.push(forged);
    await until(() => forged.connection.state === 'connected');
    await expect(createCallSignalling({ client: forged, prefix: 'ess', selfId: '42' }).join(MEET_ROOM)).rejects.toThrow(/refused/);

    client.disconnect();
    await expect(signalling.join(MEET_ROOM)).rejects.toThrow(/connection is down/);
  });
});

describe('who sent a signal', () => {
  /** A presence channel as pusher-js hands it over: handlers get the data and the server's metadata. */
  function fakePresence() {
    const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
    const channel = {
      bind: (event: string, handler: (...args: unknown[]) => void) => void handlers.set(event, (handlers.get(event) ?? new Set()).add(handler)),
      unbind: (event: string, handler: (...args: unknown[]) => void) => void handlers.get(event)?.delete(handler),
      trigger: () => true,
      emit: (event: string, ...args: unknown[]) => handlers.get(event)?.forEach((handler) => handler(...args)),
    };
    const client = { connection: { state: 'connected' }, subscribe: () => channel, unsubscribe: () => undefined } as unknown as Pusher;
    return { client, channel };
  }

  /** Ayu (42) in the call's presence room with Budi (43), collecting the signals handed over. */
  async function joinedWithBudi() {
    const { client, channel } = fakePresence();
    const joining = createCallSignalling({ client, prefix: 'ess', selfId: '42' }).join(MEET_ROOM);
    channel.emit('pusher:subscription_succeeded', { each: (visit: (member: { id: unknown }) => void) => visit({ id: '43' }) });
    const room = await joining;
    const signals: ReceivedSignal[] = [];
    room.onSignal((signal) => signals.push(signal));
    return { channel, room, signals };
  }

  it('is the user_id the server attached: a signal without one, or with another, is dropped', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { channel, room, signals } = await joinedWithBudi();
    const bye = { from: '43', to: '42', session: 's1', signal: { kind: 'bye' } };

    channel.emit(CALL_SIGNAL_EVENT, bye, {}); // a server that does not say who sent it
    channel.emit(CALL_SIGNAL_EVENT, bye); // no metadata at all (a private channel's client event)
    channel.emit(CALL_SIGNAL_EVENT, bye, { user_id: '57' });
    expect(signals).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);

    channel.emit(CALL_SIGNAL_EVENT, bye, { user_id: 43 }); // Laravel may sign the numeric id
    channel.emit(CALL_SIGNAL_EVENT, bye, { user_id: '43' });
    expect(signals).toEqual([
      { from: '43', session: 's1', signal: { kind: 'bye' } },
      { from: '43', session: 's1', signal: { kind: 'bye' } },
    ]);
    room.leave();
  });

  it("hands over a member's microphone and camera (media-state) only from that member, and only well formed", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { channel, room, signals } = await joinedWithBudi();
    const muted = { from: '43', to: '42', session: 's1', signal: { kind: 'media-state', audio: false, video: false } };

    channel.emit(CALL_SIGNAL_EVENT, muted, { user_id: '57' }); // Rizky saying Budi is muted
    channel.emit(CALL_SIGNAL_EVENT, { ...muted, signal: { kind: 'media-state', audio: 'off', video: false } }, { user_id: '43' });
    channel.emit(CALL_SIGNAL_EVENT, { ...muted, signal: { kind: 'media-state', audio: false } }, { user_id: '43' });
    expect(signals).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);

    channel.emit(CALL_SIGNAL_EVENT, muted, { user_id: '43' });
    expect(signals).toEqual([{ from: '43', session: 's1', signal: { kind: 'media-state', audio: false, video: false } }]);
    room.leave();
  });
});

describe('the broadcast connection provides the signalling', () => {
  it('while connected, for the signed-in user, and withdraws it on close', async () => {
    const connection = connectBroadcast({
      config: { key: 'ess-mock-key', host: '127.0.0.1', port: mock.port, path: '', forceTLS: false },
      prefix: 'ess',
      userId: 42,
      onGlobalEvent: () => undefined,
      onSocketId: () => undefined,
      authorizeChannel: (socketId, channelName) => authorize(42, socketId, channelName),
      authenticateUser: async () => ({ auth: 'unused', user_data: '{}' }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signalling = currentCallSignalling() ?? (await new Promise<CallSignalling>((resolve) => {
      const stop = watchCallSignalling((provided) => {
        if (!provided) return;
        stop();
        resolve(provided);
      });
    }));
    const room: SignallingRoom = await signalling.join(MEET_ROOM);
    expect(room.selfId).toBe('42');
    expect(mock.listeners().pusher.channels[callRoomChannelName('ess', MEET_ROOM)]).toBe(1);
    room.leave();
    connection.close();
    expect(currentCallSignalling()).toBeUndefined();
  });
});
