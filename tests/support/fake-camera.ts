// The camera and microphone of every browser run that calls: Chromium's fake devices, the camera filming
// a still picture from a y4m file (--use-file-for-fake-video-capture) instead of its animated test
// pattern. Both ends of a call then show the same image in every run (the gallery's pictures), and a
// still 320×240 picture at 15 frames a second costs the encoders and decoders of a six-person group call
// (six publishers, three simulcast layers each, thirty subscriptions, on two cores) a fraction of the
// moving 640×480 pattern: frames still flow, and are counted, as from a real camera.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One YUV 4:2:0 frame in the y4m format Chromium's fake capture device reads (at `fps` frames a second): a soft diagonal gradient. */
export function stillCamera(width = 320, height = 240, fps = 15): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\nFRAME\n`);
  const luma = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) luma[y * width + x] = 70 + Math.round(((x + y) / (width + height)) * 90);
  const chroma = (value: number) => Buffer.alloc((width / 2) * (height / 2), value);
  return Buffer.concat([header, luma, chroma(150), chroma(120)]);
}

/** The tests' camera rate: enough for a tile to count its decoded frames within a second or two. */
const CALL_TEST_FPS = 5;

let cameraFile: string | undefined;

/** The still picture's file, written once per process. */
export function stillCameraFile(): string {
  if (!cameraFile) {
    cameraFile = join(mkdtempSync(join(tmpdir(), 'ess-camera-')), 'camera.y4m');
    writeFileSync(cameraFile, stillCamera(320, 240, CALL_TEST_FPS));
  }
  return cameraFile;
}

/** Chromium's flags for fake media: devices granted without a prompt, the camera filming the still picture. */
export function fakeMediaFlags(): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${stillCameraFile()}`];
}
