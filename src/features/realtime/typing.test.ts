// Typing signals (x-inferred, issue 24) through the realtime owner: the app's live-chat socket sends
// `typing` to the real realtime mock, which relays it to the room's other member; the other app's
// dispatcher parses it against the generated schema and publishes `chat:typing`. A malformed one is
// dropped, and a signal with no connected socket is dropped, never queued.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRealtimeMock, type RealtimeMock } from '../../../mocks/realtime/server.ts';
import { tokenFor } from '../../../mocks/sandbox/chat/identity.ts';
import { websocketIdOf } from '../../../mocks/sandbox/chat/store.ts';
import { subscribe, type AppEvents } from '../../shared/events/app-events.ts';
import { createDispatcher } from './dispatcher.ts';
import { connectLiveChat } from './live-chat-socket.ts';
import { createRealtime, type RealtimeTransports } from './realtime-connections.ts';

const ROOM = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
let mock: RealtimeMock;

beforeAll(async () => {
  mock = await startRealtimeMock({ port: 0 });
  mock.chatRooms.register((roomUuid) => (roomUuid === ROOM ? [42, 43] : undefined));
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

/** How many sockets opened by openAs have heard their connection accepted (the app's side of it). */
let connected = 0;
const openAs = (userId: number, onEvent: (raw: unknown) => void = () => undefined) => {
  const token = tokenFor(userId);
  return connectLiveChat({ endpoint: mock.url, accessToken: () => token, fetchWebsocketId: async () => websocketIdOf(userId), onEvent, onConnect: () => connected++ });
};

describe('typing over the live-chat socket', () => {
  it("goes from one app's socket to the other member's app as chat:typing", async () => {
    const heard: Array<AppEvents['chat:typing']> = [];
    const off = subscribe('chat:typing', (event) => heard.push(event));
    const dispatcher = createDispatcher({ routeCall: vi.fn(), chatRoom: vi.fn() });
    connected = 0;
    const ayu = openAs(42, dispatcher.fromLiveChat);
    const budi = openAs(43);
    // Both apps know they are connected (the mock counts a socket before the app has heard it accepted).
    await until(() => connected === 2);

    budi.sendTyping({ chat_room_uuid: ROOM, is_typing: true });
    await until(() => heard.length === 1);
    expect(heard).toEqual([{ roomUuid: ROOM, userId: 43, userName: 'Budi Santoso', isTyping: true }]);
    budi.sendTyping({ chat_room_uuid: ROOM, is_typing: false });
    await until(() => heard.length === 2);
    expect(heard[1]?.isTyping).toBe(false);

    off();
    ayu.close();
    budi.close();
    await until(() => mock.listeners().socketIo === 0);
  });

  it('drops a signal sent before the socket is connected instead of queueing it', async () => {
    const heard: unknown[] = [];
    const off = subscribe('chat:typing', (event) => heard.push(event));
    const dispatcher = createDispatcher({ routeCall: vi.fn(), chatRoom: vi.fn() });
    connected = 0;
    const ayu = openAs(42, dispatcher.fromLiveChat);
    const budi = openAs(43);
    budi.sendTyping({ chat_room_uuid: ROOM, is_typing: true }); // not connected yet
    await until(() => connected === 2);
    // A signal sent once connected arrives; the earlier one, had it been queued, would have arrived before it.
    budi.sendTyping({ chat_room_uuid: ROOM, is_typing: false });
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ roomUuid: ROOM, userId: 43, userName: 'Budi Santoso', isTyping: false }]);
    off();
    ayu.close();
    budi.close();
    await until(() => mock.listeners().socketIo === 0);
  });
});

describe('the dispatcher', () => {
  it('publishes a typing event as chat:typing, drops a malformed one with a warning, and still takes room events', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const heard: unknown[] = [];
    const off = subscribe('chat:typing', (event) => heard.push(event));
    const chatRoom = vi.fn();
    const dispatcher = createDispatcher({ routeCall: vi.fn(), chatRoom });
    dispatcher.fromLiveChat(JSON.stringify({ event_type: 'typing', chat_room_uuid: ROOM, user_id: 61, is_typing: true }));
    dispatcher.fromLiveChat({ event_type: 'typing', chat_room_uuid: ROOM, user_id: 'Budi', is_typing: true });
    dispatcher.fromLiveChat({ id: 1, uuid: ROOM, type: 'individual', event_type: 'live_chat' });
    expect(heard).toEqual([{ roomUuid: ROOM, userId: 61, userName: null, isTyping: true }]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('malformed typing event'), expect.anything());
    expect(chatRoom).toHaveBeenCalledTimes(1);
    off();
    warn.mockRestore();
  });
});

describe('the realtime owner', () => {
  it("sends the chat room's typing on the live-chat socket while the session runs, and not after", async () => {
    const sendTyping = vi.fn();
    const transports: RealtimeTransports = {
      fetchNewEvents: async () => [],
      openBroadcast: async () => ({ close: () => undefined }),
      openLiveChat: async () => ({ close: () => undefined, sendTyping }),
      setSocketId: () => undefined,
    };
    const realtime = createRealtime({ currentUserId: () => 42, transports, onCallEvent: () => undefined, connectivity: undefined });
    // Before the session runs: no socket, nothing sent.
    realtime.sendTyping(ROOM, true);
    realtime.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    realtime.sendTyping(ROOM, true);
    expect(sendTyping).toHaveBeenCalledWith({ chat_room_uuid: ROOM, is_typing: true });
    realtime.stop();
    realtime.sendTyping(ROOM, false);
    expect(sendTyping).toHaveBeenCalledTimes(1);
  });
});
