// What the call screens need from the media layer, without naming how the media travels. Two carry it:
// - a peer-to-peer mesh (mesh-call-media.ts), capped at MESH_LIMIT because every member sends its camera
//   to every other member: direct calls, and any call whose answer names no media server;
// - a selective forwarding unit, Janus's VideoRoom (janus/janus-call-media.ts), when the call's answer
//   names one (`media`, x-inferred): each member publishes once and receives what its screen shows.

/** How the media link to one other member is doing. */
export type PeerConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface RemoteParticipant {
  /** The member's user id, as the signalling room names it. */
  id: string;
  /** Their audio and video once the first track arrived; a new object whenever a track is added. */
  stream: MediaStream | undefined;
  state: PeerConnectionState;
  /**
   * What the member says of their own microphone and camera (the SFU through its feed's display, the
   * mesh through a `media-state` signal); until said (undefined), the screen reads the tracks.
   */
  microphoneOn?: boolean;
  cameraOn?: boolean;
  /** The member's shared screen, when they share one (a video-only stream). */
  screen?: MediaStream;
  /** Talking right now, when the media says (the SFU's audio levels). */
  speaking?: boolean;
}

/**
 * Which members' cameras the screen shows, and how large: the media receives only these videos (and
 * every shared screen, which is always shown large).
 */
export interface VisibleVideo {
  id: string;
  /** Shown large (the active speaker): the best layer; otherwise the smallest. */
  large: boolean;
}

/** Why the camera or microphone could not be opened (the screen explains each one differently). */
export type LocalMediaError = 'permission-denied' | 'no-device' | 'in-use' | 'unsupported' | 'other';

export interface CallMediaState {
  /** The own camera and microphone, for the preview; a new object whenever a track changes. */
  local: MediaStream | undefined;
  localError: LocalMediaError | undefined;
  /** Started without the camera, and the camera has not been turned on since. */
  audioOnly: boolean;
  microphoneOn: boolean;
  cameraOn: boolean;
  /** Two or more cameras (known once the camera permission is granted). */
  canSwitchCamera: boolean;
  /** Which way the camera looks, when the device says (phones do, most desktop cameras do not). */
  facing: 'user' | 'environment' | undefined;
  joined: boolean;
  /** The other members, in the order they joined (a member who rejoins moves to the end). */
  remotes: RemoteParticipant[];
  /** The room already held `capacity` people when we joined: nothing was connected and the room was left. */
  full: boolean;
  /** The most people this media carries in one call, oneself included (MESH_LIMIT for the mesh). */
  capacity: number;
  /**
   * Who has the floor (a remote id), when the media says: the last one who spoke, until another speaks
   * (the large tile). Who is talking at this moment is each remote's `speaking`.
   */
  activeSpeaker: string | undefined;
  /** This browser can share its screen into this call (getDisplayMedia exists and the media carries it). */
  canShareScreen: boolean;
  /** The user's own screen, while shared. */
  screen: MediaStream | undefined;
}

export interface CallMedia {
  /**
   * Opens camera and microphone (`video: true`) or the microphone only. On refusal sets `localError`
   * and rejects. May be called again (a retry, or audio-only after the camera failed); when already
   * joined, the other members get the new tracks without renegotiation.
   */
  startLocal(options: { video: boolean }): Promise<void>;
  /**
   * Joins the meet room through the call signalling and connects to everyone already there. Works
   * without startLocal too: the user then receives only, and sends once startLocal succeeds.
   * Rejects when the signalling is unavailable or refuses the room.
   */
  join(meetRoomUuid: string): Promise<void>;
  setMicrophone(on: boolean): void;
  /**
   * Turning the camera off releases it (the camera light goes out); turning it on opens it again.
   * Never rejects: a camera that cannot be opened shows as `localError` with `cameraOn` false.
   */
  setCamera(on: boolean): Promise<void>;
  /** Front/back on phones, the next camera elsewhere. Never rejects: on failure the previous camera stays. */
  switchCamera(): Promise<void>;
  /**
   * Which remote videos the screen shows now (the grid's page, the speaker, a shared screen). The media
   * receives video only for these, audio for everyone. The mesh receives everything and ignores it.
   */
  setVisibleVideos(videos: readonly VisibleVideo[]): void;
  /**
   * Starts (asks the browser which screen, window or tab) or stops sharing the screen. Rejects when the
   * user cancels the browser's picker or sharing is not possible; `screen` says what is shared.
   */
  shareScreen(on: boolean): Promise<void>;
  /** The same object until something changes (for useSyncExternalStore). */
  getState(): CallMediaState;
  subscribe(listener: () => void): () => void;
  /** Says bye, closes every connection, releases camera and microphone, leaves the room. Idempotent. */
  leave(): void;
  /**
   * The call's newest answer (its `media`, issue 33): a media server's renewed credentials and roster
   * are used from now on. The mesh has nothing to renew and has no such method.
   */
  renew?(media: unknown): void;
}

/** People in one call, oneself included: each member uploads its video once per other member. */
export const MESH_LIMIT = 4;

/** Before anything is opened or joined (also what leaving returns to). */
export const NO_MEDIA: CallMediaState = {
  local: undefined,
  localError: undefined,
  audioOnly: false,
  microphoneOn: true,
  cameraOn: false,
  canSwitchCamera: false,
  facing: undefined,
  joined: false,
  remotes: [],
  full: false,
  capacity: MESH_LIMIT,
  activeSpeaker: undefined,
  canShareScreen: false,
  screen: undefined,
};

/**
 * What leaving returns to: `initial` (the media's own NO_MEDIA), keeping whether the room was full; undefined
 * when that is what the state already says (so no listener hears of a change that is none).
 */
export function stateAfterLeaving(current: CallMediaState, initial: CallMediaState): CallMediaState | undefined {
  const next: CallMediaState = { ...initial, full: current.full, remotes: current.remotes.length > 0 ? [] : current.remotes };
  const keys = Object.keys(next) as (keyof CallMediaState)[];
  return keys.some((key) => current[key] !== next[key]) ? next : undefined;
}
