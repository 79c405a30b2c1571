import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateChatHome } from './chat-home.ts';

const home = { id: 880, user_id: 42, websocket_id: 'live-chat-home-42', groupChatUuids: [], is_chat_admin: 0 };
const room = (id: number) => ({ id, uuid: `room-${id}`, type: id % 2 ? 'group' : 'individual', name: `Room ${id}`, meta: { unread_messages: id % 3 } });
const answer = (count: number) => ({ error: false, status_code: 200, chat_home: home, chat_rooms: Array.from({ length: count }, (_, index) => room(index + 1)) });

describe('the chat home check', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('accepts thousands of rooms, checked in slices, in their order', async () => {
    const checked = await validateChatHome(answer(1200));
    expect(checked.chat_rooms).toHaveLength(1200);
    expect(checked.chat_rooms?.map((r) => r.id).slice(0, 3)).toEqual([1, 2, 3]);
    expect(checked.chat_rooms?.at(-1)?.uuid).toBe('room-1200');
    expect(checked.chat_home.websocket_id).toBe('live-chat-home-42');
  });

  it('fails the whole answer when one room deep in a long list breaks the contract', async () => {
    const broken = answer(1200);
    (broken.chat_rooms[900] as { uuid: unknown }).uuid = 42;
    await expect(validateChatHome(broken)).rejects.toThrow();
  });

  it('fails a long list whose envelope breaks the contract', async () => {
    await expect(validateChatHome({ ...answer(600), chat_home: { id: 'x' } })).rejects.toThrow();
  });

  it('does not wait on timers between slices (nested timers are held back 4 ms each: most of the time the check took)', async () => {
    vi.useFakeTimers();
    const checked = await validateChatHome(answer(5000));
    expect(checked.chat_rooms).toHaveLength(5000);
  });

  it('gives the page a turn once a slice has taken 12 ms, and only then', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 5));
    const turns = vi.spyOn(globalThis, 'MessageChannel');
    await validateChatHome(answer(2000));
    // 8 slices of 250 rooms, each measured as 5 ms: a turn after every third one.
    expect(turns).toHaveBeenCalledTimes(2);
  });

  it('checks a short list in one go, as strictly', async () => {
    expect((await validateChatHome(answer(3))).chat_rooms).toHaveLength(3);
    await expect(validateChatHome({ ...answer(3), chat_rooms: [{ id: 1 }] })).rejects.toThrow();
  });
});
