// The own microphone and camera during a call: opening, muting, releasing and switching them, and
// handing each new track to the connections (which swap it in without renegotiating).
import type { CallMediaState } from './call-media.ts';
import {
  cameraCount,
  facingOf,
  LocalMediaFailure,
  localMediaError,
  nextCamera,
  openCamera,
  openMedia,
  sameCamera,
  type CameraChoice,
} from './local-media.ts';
import type { MediaKind } from './mesh-peer.ts';

/** How long a turned-off camera keeps sending black frames before it is released (see setCamera). */
export const CAMERA_RELEASE_MS = 1000;

export interface LocalTracksDeps {
  devices(): MediaDevices | undefined;
  getState(): CallMediaState;
  set(patch: Partial<CallMediaState>): void;
  /** Gives every connection the own track of that kind (undefined: send nothing). */
  send(kind: MediaKind, track: MediaStreamTrack | undefined): void;
}

export interface LocalTracks {
  track(kind: MediaKind): MediaStreamTrack | undefined;
  start(withCamera: boolean): Promise<void>;
  setMicrophone(on: boolean): void;
  setCamera(on: boolean): Promise<void>;
  switchCamera(): Promise<void>;
  /** Releases both devices; a device still opening is released as soon as it opens. */
  stop(): void;
}

export function createLocalTracks(deps: LocalTracksDeps): LocalTracks {
  const { set, send } = deps;
  let audio: MediaStreamTrack | undefined;
  let video: MediaStreamTrack | undefined;
  let camera: CameraChoice = { facingMode: 'user' };
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;
  // Camera changes take turns, so a quick off-on-switch never opens two cameras at once.
  let cameraQueue: Promise<void> = Promise.resolve();
  // Bumped by stop() and by each start(): a device that opens after that is released again.
  let generation = 0;

  const localStream = () => {
    const tracks = [audio, video].filter((track) => track !== undefined);
    return tracks.length > 0 ? new MediaStream(tracks) : undefined;
  };
  const refreshCameraCount = async (current: number) => {
    const canSwitchCamera = (await cameraCount(deps.devices())) >= 2;
    if (current === generation && canSwitchCamera !== deps.getState().canSwitchCamera) set({ canSwitchCamera });
  };
  const cancelRelease = () => {
    clearTimeout(releaseTimer);
    releaseTimer = undefined;
  };
  const stopVideo = () => {
    cancelRelease();
    video?.stop();
    video = undefined;
  };
  /** Opens a camera; undefined when stop() or a new start() came since `asked`. */
  const openCameraSince = async (asked: number, choice: CameraChoice) => {
    const track = await openCamera(deps.devices(), choice);
    if (asked === generation) return track;
    track.stop();
    return undefined;
  };
  const inCameraQueue = (step: (asked: number) => Promise<void>) => {
    // A change asked for before leaving must not open the camera after it.
    const asked = generation;
    const run = cameraQueue.then(() => (asked === generation ? step(asked) : undefined));
    cameraQueue = run.catch(() => undefined);
    return run;
  };

  async function start(withCamera: boolean): Promise<void> {
    const current = ++generation;
    let stream: MediaStream;
    try {
      stream = await openMedia(deps.devices(), true, withCamera ? camera : undefined);
    } catch (error) {
      const reason = localMediaError(error);
      if (current === generation) set({ localError: reason });
      throw error instanceof LocalMediaFailure ? error : new LocalMediaFailure(reason, error);
    }
    if (current !== generation) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    audio?.stop();
    stopVideo();
    audio = stream.getAudioTracks()[0];
    video = stream.getVideoTracks()[0];
    if (audio) audio.enabled = deps.getState().microphoneOn;
    if (video) camera = sameCamera(video, camera);
    send('audio', audio);
    send('video', video);
    set({ local: localStream(), localError: undefined, audioOnly: !video, cameraOn: !!video, facing: facingOf(video) });
    await refreshCameraCount(current);
  }

  const turnCameraOn = async (asked: number) => {
    cancelRelease();
    if (video?.readyState === 'live') {
      video.enabled = true;
    } else {
      let track: MediaStreamTrack | undefined;
      try {
        track = await openCameraSince(asked, camera);
      } catch (error) {
        set({ localError: localMediaError(error), cameraOn: false });
        return;
      }
      if (!track) return;
      video = track;
      camera = sameCamera(track, camera);
      send('video', track);
    }
    set({ local: localStream(), localError: undefined, cameraOn: true, audioOnly: false, facing: facingOf(video) });
    void refreshCameraCount(asked);
  };

  const turnCameraOff = async () => {
    if (!video) return set({ cameraOn: false });
    // A disabled track sends black frames; stopping it at once would leave the others looking at the
    // last picture. A moment later it is released, so the camera light goes out.
    video.enabled = false;
    set({ cameraOn: false });
    cancelRelease();
    releaseTimer = setTimeout(() => {
      releaseTimer = undefined;
      send('video', undefined);
      stopVideo();
      set({ local: localStream() });
    }, CAMERA_RELEASE_MS);
  };

  const switchCamera = async (asked: number) => {
    const current = video;
    if (!current || !deps.getState().cameraOn) return;
    const next = await nextCamera(deps.devices(), current);
    if (!next || asked !== generation) return;
    // Phones cannot open a second camera while the first one is open.
    current.stop();
    let track: MediaStreamTrack | undefined;
    try {
      track = await openCameraSince(asked, next).catch(() => openCameraSince(asked, camera));
    } catch (error) {
      video = undefined;
      send('video', undefined);
      set({ local: localStream(), cameraOn: false, localError: localMediaError(error) });
      return;
    }
    if (!track) return;
    video = track;
    camera = sameCamera(track, camera);
    send('video', track);
    set({ local: localStream(), facing: facingOf(track) });
  };

  return {
    track: (kind) => (kind === 'audio' ? audio : video),
    start,
    setMicrophone(on) {
      if (audio) audio.enabled = on;
      if (deps.getState().microphoneOn !== on) set({ microphoneOn: on });
    },
    setCamera: (on) => inCameraQueue(on ? turnCameraOn : turnCameraOff),
    switchCamera: () => inCameraQueue(switchCamera),
    stop() {
      generation++;
      audio?.stop();
      audio = undefined;
      stopVideo();
    },
  };
}
