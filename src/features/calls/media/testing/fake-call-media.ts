// A CallMedia for screen and session tests: records what was asked, and lets a test set who is
// connected. `refuseCamera` answers a camera request as a blocked permission would.
import { vi } from 'vitest';
import { NO_MEDIA, type CallMedia, type CallMediaState, type RemoteParticipant } from '../call-media.ts';
import { createListenerSet } from '../../../../shared/events/listener-store.ts';

export function fakeMedia(options: { refuseCamera?: boolean } = {}) {
  let state: CallMediaState = NO_MEDIA;
  const listeners = createListenerSet();
  const set = (next: Partial<CallMediaState>) => {
    state = { ...state, ...next };
    listeners.emit();
  };
  const media = {
    startLocal: vi.fn(async ({ video }: { video: boolean }) => {
      if (video && options.refuseCamera) {
        set({ localError: 'permission-denied' });
        throw new Error('NotAllowedError');
      }
      set({ localError: undefined, audioOnly: !video, microphoneOn: true, cameraOn: video });
    }),
    join: vi.fn(async () => set({ joined: true })),
    setMicrophone: vi.fn(),
    setCamera: vi.fn(async () => undefined),
    switchCamera: vi.fn(async () => undefined),
    setVisibleVideos: vi.fn(),
    shareScreen: vi.fn(async (on: boolean) => set({ screen: on ? new MediaStream() : undefined })),
    getState: () => state,
    subscribe: listeners.subscribe,
    leave: vi.fn(() => set({ joined: false, remotes: [] })),
  } satisfies CallMedia;
  const remotes = (list: RemoteParticipant[]) => set({ remotes: list });
  return { media, remotes, set };
}
