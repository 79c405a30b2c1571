// Opening the back camera for the scanner, and why it could not be opened, in the words calls use
// (src/features/calls/media/local-media.ts reads the browser's errors the same way).

export type CameraProblem = 'refused' | 'no-camera' | 'in-use' | 'unsupported' | 'failed';

export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'refused';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'NotReadableError':
      return 'in-use';
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

export class CameraUnavailable extends Error {
  readonly problem: CameraProblem;
  constructor(problem: CameraProblem) {
    super(`camera: ${problem}`);
    this.name = 'CameraUnavailable';
    this.problem = problem;
  }
}

/** The back camera (any camera on a laptop), at a resolution that reads small codes without costing much. */
export async function openScannerCamera(devices: MediaDevices | undefined = globalThis.navigator?.mediaDevices): Promise<MediaStream> {
  // Without a secure context (or in an old WebView) there are no mediaDevices at all.
  if (!devices || typeof devices.getUserMedia !== 'function') throw new CameraUnavailable('unsupported');
  try {
    return await devices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } });
  } catch (error) {
    throw new CameraUnavailable(cameraProblem(error));
  }
}

/** Whether the camera's track can light its torch (Android Chrome; not desktops or iOS). */
export function torchSupported(track: MediaStreamTrack | undefined): boolean {
  const capabilities = track && typeof track.getCapabilities === 'function' ? (track.getCapabilities() as MediaTrackCapabilities & { torch?: boolean }) : undefined;
  return capabilities?.torch === true;
}

export function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  return track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}

export function stopStream(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
