// What both call media (the mesh, mesh-call-media.ts, and Janus, janus/janus-call-media.ts) share: the
// state the call screen reads and its listeners, the own microphone and camera (local-tracks.ts), the
// state put back when the call is left, and the part of CallMedia that is only about them. Each medium
// adds what only it does: joining, the others' media, which videos to receive, a shared screen.
import { createListenerSet } from '../../../shared/events/listener-store.ts';
import { stateAfterLeaving, type CallMedia, type CallMediaState } from './call-media.ts';
import { createLocalTracks, type LocalTracks, type LocalTracksDeps } from './local-tracks.ts';

export interface MediaFacadeOptions {
  initial: CallMediaState;
  devices(): MediaDevices | undefined;
  /** Gives every connection the own track of that kind (undefined: send nothing). */
  send: LocalTracksDeps['send'];
  /** The own microphone or camera changed (after the state did): tell the others. */
  onLocalChange?(before: CallMediaState, now: CallMediaState): void;
}

/** The medium's own part of CallMedia (the rest is the facade's). */
export type OwnMedia = Pick<CallMedia, 'join' | 'setVisibleVideos' | 'shareScreen' | 'leave'> & Partial<Pick<CallMedia, 'renew'>>;

export interface MediaFacade {
  local: LocalTracks;
  getState(): CallMediaState;
  set(patch: Partial<CallMediaState>): void;
  /** The own media stopped and the state put back as before the call (the end of leave()). */
  left(): void;
  /** The CallMedia the call screen gets: this facade's part and the medium's own. */
  build(own: OwnMedia): CallMedia;
}

export function createMediaFacade({ initial, devices, send, onLocalChange }: MediaFacadeOptions): MediaFacade {
  const listeners = createListenerSet();
  let state = initial;
  const getState = () => state;
  const set = (patch: Partial<CallMediaState>) => {
    state = { ...state, ...patch };
    listeners.emit();
  };
  const local = createLocalTracks({
    devices,
    getState,
    set(patch) {
      const before = state;
      set(patch);
      onLocalChange?.(before, state);
    },
    send,
  });
  return {
    local,
    getState,
    set,
    left() {
      local.stop();
      const next = stateAfterLeaving(state, initial);
      if (next) set(next);
    },
    build: (own) => ({
      startLocal: ({ video }) => local.start(video),
      setMicrophone: local.setMicrophone,
      setCamera: local.setCamera,
      switchCamera: local.switchCamera,
      getState,
      subscribe: listeners.subscribe,
      ...own,
    }),
  };
}
