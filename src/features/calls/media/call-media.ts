// What the call screens need from the media layer, without naming how the media travels. Today a
// peer-to-peer mesh (mesh-call-media.ts) carries it, which is why a call is capped at MESH_LIMIT: every
// member sends its camera to every other member. An SFU or a hosted meeting service can be put behind
// this interface later without touching the screens.

/** How the media link to one other member is doing. */
export type PeerConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface RemoteParticipant {
  /** The member's user id, as the signalling room names it. */
  id: string;
  /** Their audio and video once the first track arrived; a new object whenever a track is added. */
  stream: MediaStream | undefined;
  state: PeerConnectionState;
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
  /** The room already held MESH_LIMIT people when we joined: nothing was connected and the room was left. */
  full: boolean;
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
  /** The same object until something changes (for useSyncExternalStore). */
  getState(): CallMediaState;
  subscribe(listener: () => void): () => void;
  /** Says bye, closes every connection, releases camera and microphone, leaves the room. Idempotent. */
  leave(): void;
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
};
