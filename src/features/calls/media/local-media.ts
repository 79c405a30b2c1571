// Opening the own camera and microphone, and telling the screens why that failed.
import type { LocalMediaError } from './call-media.ts';

/** Which camera to open: a facing on phones, a device elsewhere. */
export type CameraChoice = Pick<MediaTrackConstraints, 'facingMode' | 'deviceId'>;

/** The rejection of startLocal; the same reason is in the state's `localError`. */
export class LocalMediaFailure extends Error {
  readonly reason: LocalMediaError;
  constructor(reason: LocalMediaError, cause?: unknown) {
    super(`local media: ${reason}`, { cause });
    this.name = 'LocalMediaFailure';
    this.reason = reason;
  }
}

export function localMediaError(error: unknown): LocalMediaError {
  if (error instanceof LocalMediaFailure) return error.reason;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'permission-denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'no-device';
    case 'NotReadableError':
      return 'in-use';
    default:
      return 'other';
  }
}

// Four people each send one stream per other member: VGA keeps the upload within a phone's means.
const videoConstraints = (choice: CameraChoice): MediaTrackConstraints => ({
  ...choice,
  width: { ideal: 640 },
  height: { ideal: 480 },
});

export function openMedia(devices: MediaDevices | undefined, audio: boolean, camera: CameraChoice | undefined): Promise<MediaStream> {
  // Without a secure context (or in an old WebView) the browser has no mediaDevices at all.
  if (!devices || typeof devices.getUserMedia !== 'function') return Promise.reject(new LocalMediaFailure('unsupported'));
  return devices.getUserMedia({ audio, video: camera ? videoConstraints(camera) : false });
}

export async function openCamera(devices: MediaDevices | undefined, camera: CameraChoice): Promise<MediaStreamTrack> {
  const stream = await openMedia(devices, false, camera);
  const track = stream.getVideoTracks()[0];
  if (!track) throw new LocalMediaFailure('no-device');
  return track;
}

export function facingOf(track: MediaStreamTrack | undefined): 'user' | 'environment' | undefined {
  const facing = track?.getSettings().facingMode;
  return facing === 'user' || facing === 'environment' ? facing : undefined;
}

/** The camera to ask for when turning it on again: the same device, but any camera if that one is gone. */
export function sameCamera(track: MediaStreamTrack, fallback: CameraChoice): CameraChoice {
  const facing = facingOf(track);
  if (facing) return { facingMode: facing };
  const { deviceId } = track.getSettings();
  return deviceId ? { deviceId } : fallback;
}

async function cameras(devices: MediaDevices | undefined): Promise<MediaDeviceInfo[]> {
  if (!devices || typeof devices.enumerateDevices !== 'function') return [];
  try {
    // Before the camera permission the ids are empty strings: such entries cannot be chosen.
    return (await devices.enumerateDevices()).filter((device) => device.kind === 'videoinput' && device.deviceId);
  } catch {
    return [];
  }
}

export async function cameraCount(devices: MediaDevices | undefined): Promise<number> {
  return (await cameras(devices)).length;
}

/** The camera after the current one, or undefined when there is no other. */
export async function nextCamera(devices: MediaDevices | undefined, current: MediaStreamTrack): Promise<CameraChoice | undefined> {
  // Phones name front and back by facing; cycling device ids there would also visit wide and macro lenses.
  const facing = facingOf(current);
  if (facing) return { facingMode: { exact: facing === 'user' ? 'environment' : 'user' } };
  const list = await cameras(devices);
  if (list.length < 2) return undefined;
  const index = list.findIndex((device) => device.deviceId === current.getSettings().deviceId);
  const next = list[(index + 1) % list.length];
  return next ? { deviceId: { exact: next.deviceId } } : undefined;
}
