// npm start's media server while Janus starts beside the app (mocks/janus/when-ready.ts): before Janus is
// up a group call's room is refused with why (the sandbox then gives the call the mesh), every call after
// Janus is up gets its room, and a room is only ever asked of the server that made it.
import { describe, expect, it, vi } from 'vitest';
import { mediaServerWhenReady } from '../../mocks/janus/when-ready.ts';
import type { CallMediaServer, MediaRoom } from '../../mocks/sandbox/chat/call-media.ts';

function fakeJanus() {
  const room = { id: 7 } as unknown as MediaRoom;
  const server: CallMediaServer = {
    createRoom: vi.fn(async () => room),
    destroyRoom: vi.fn(async () => true),
    admit: vi.fn(async () => undefined),
    revoke: vi.fn(async () => undefined),
    mediaFor: vi.fn(() => ({ kind: 'janus' }) as unknown as ReturnType<CallMediaServer['mediaFor']>),
    watchRoom: vi.fn(() => () => undefined),
  };
  return { room, server };
}

describe('the media server while Janus starts', () => {
  it('refuses a group call\'s room while Janus starts, and makes it in Janus once Janus is up', async () => {
    const late = mediaServerWhenReady();
    await expect(late.server.createRoom('call 1', [42, 43, 57])).rejects.toThrow('Janus is still starting');
    const janus = fakeJanus();
    late.use(janus.server);
    await expect(late.server.createRoom('call 2', [42, 43, 57])).resolves.toBe(janus.room);
    expect(janus.server.createRoom).toHaveBeenCalledWith('call 2', [42, 43, 57]);
    expect(late.server.mediaFor(janus.room, 42)).toEqual({ kind: 'janus' });
    await expect(late.server.destroyRoom(janus.room)).resolves.toBe(true);
  });

  it('says why when Janus cannot run, and answers the rest harmlessly', async () => {
    const late = mediaServerWhenReady();
    late.unavailable('it is not installed');
    await expect(late.server.createRoom('call 1', [42, 43])).rejects.toThrow('no Janus (it is not installed)');
    const room = { id: 1 } as unknown as MediaRoom;
    expect(late.server.mediaFor(room, 42)).toBeUndefined();
    await expect(late.server.destroyRoom(room)).resolves.toBe(false);
    await expect(late.server.admit(room, 42)).resolves.toBeUndefined();
    expect(late.server.watchRoom(room, () => undefined)).toBeTypeOf('function');
  });
});
