// The part both call media share (media-facade.ts): one state with its listeners, the own microphone and
// camera telling the medium when they change (so it tells the others), and the state put back on leaving.
import { describe, expect, it, vi } from 'vitest';
import { NO_MEDIA } from './call-media.ts';
import { createMediaFacade } from './media-facade.ts';

const facade = (onLocalChange = vi.fn()) => {
  const media = createMediaFacade({ initial: { ...NO_MEDIA, capacity: 7 }, devices: () => undefined, send: vi.fn(), onLocalChange });
  return { media, onLocalChange };
};

describe('the call media facade', () => {
  it('tells its readers of each change, and the medium of a change to the own microphone, with the state before and after', () => {
    const { media, onLocalChange } = facade();
    const call = media.build({ join: vi.fn(), setVisibleVideos: vi.fn(), shareScreen: vi.fn(), leave: vi.fn() });
    const heard = vi.fn();
    call.subscribe(heard);
    call.setMicrophone(false);
    expect(call.getState().microphoneOn).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(onLocalChange).toHaveBeenCalledWith(expect.objectContaining({ microphoneOn: true }), expect.objectContaining({ microphoneOn: false }));
    // A change of the medium's own (the others' tiles) is not the own devices'.
    media.set({ joined: true });
    expect(heard).toHaveBeenCalledTimes(2);
    expect(onLocalChange).toHaveBeenCalledTimes(1);
  });

  it('puts the state back as before the call on leaving, keeping whether the room was full, and builds the medium\'s own parts in', async () => {
    const { media } = facade();
    const join = vi.fn(async () => undefined);
    const call = media.build({ join, setVisibleVideos: vi.fn(), shareScreen: vi.fn(), leave: () => media.left() });
    media.set({ joined: true, full: true, microphoneOn: false, remotes: [{ id: '43', stream: undefined, state: 'connected', screen: undefined }] });
    await call.join('room-1');
    expect(join).toHaveBeenCalledWith('room-1');
    call.leave();
    expect(call.getState()).toEqual({ ...NO_MEDIA, capacity: 7, full: true });
  });
});
