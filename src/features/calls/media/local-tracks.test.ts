import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMERA_RELEASE_MS } from './local-tracks.ts';
import {
  ALICE,
  BOB,
  elapse,
  localTrack,
  member as memberOf,
  ROOM,
  settle,
  setUpHarness,
  tearDownHarness,
  type SignallingHub,
} from './testing/call-media-harness.ts';
import { FakeMediaDevices, type FakeTrack } from './testing/fake-webrtc.ts';

let hub: SignallingHub;
const member = (selfId: string, options?: Parameters<typeof memberOf>[2]) => memberOf(hub, selfId, options);

beforeEach(() => {
  hub = setUpHarness();
});
afterEach(tearDownHarness);

describe('local camera and microphone', () => {
  it.each([
    ['NotAllowedError', 'permission-denied'],
    ['SecurityError', 'permission-denied'],
    ['NotFoundError', 'no-device'],
    ['OverconstrainedError', 'no-device'],
    ['NotReadableError', 'in-use'],
    ['AbortError', 'other'],
  ])('a refusal with %s shows as %s', async (name, reason) => {
    const alice = member(ALICE);
    alice.devices.failures = [name];
    await expect(alice.media.startLocal({ video: true })).rejects.toMatchObject({ reason });
    expect(alice.media.getState()).toMatchObject({ localError: reason, local: undefined, cameraOn: false });
  });

  it('reports unsupported when the browser has no media devices', async () => {
    vi.stubGlobal('navigator', {});
    const alice = member(ALICE, { mediaDevices: null });
    await expect(alice.media.startLocal({ video: true })).rejects.toMatchObject({ reason: 'unsupported' });
    expect(alice.media.getState().localError).toBe('unsupported');
  });

  it('after a refused camera, a retry with the microphone only works', async () => {
    const alice = member(ALICE);
    alice.devices.failures = ['NotAllowedError'];
    await expect(alice.media.startLocal({ video: true })).rejects.toThrow();

    await alice.media.startLocal({ video: false });
    expect(alice.devices.requests.at(-1)).toEqual({ audio: true, video: false });
    expect(alice.media.getState()).toMatchObject({ localError: undefined, audioOnly: true, cameraOn: false, microphoneOn: true });
    expect(localTrack(alice.media, 'audio')).toBeDefined();
    expect(localTrack(alice.media, 'video')).toBeUndefined();
  });

  it('the microphone switch mutes the sent audio', async () => {
    const alice = member(ALICE);
    await alice.media.startLocal({ video: true });
    const audio = localTrack(alice.media, 'audio')!;
    alice.media.setMicrophone(false);
    expect(audio.enabled).toBe(false);
    expect(alice.media.getState().microphoneOn).toBe(false);
    alice.media.setMicrophone(true);
    expect(audio.enabled).toBe(true);
  });

  it('the camera switch blacks out the video, then releases the camera, and opens it again', async () => {
    hub.joinRoom(ROOM, BOB);
    const alice = member(ALICE);
    await alice.media.startLocal({ video: true });
    await alice.media.join(ROOM);
    await settle();
    const first = localTrack(alice.media, 'video')!;
    const sender = alice.peers[0]!.sender('video')!;

    await alice.media.setCamera(false);
    expect(first.enabled).toBe(false);
    expect(alice.media.getState().cameraOn).toBe(false);
    await elapse(CAMERA_RELEASE_MS);
    expect(first.readyState).toBe('ended');
    expect(sender.track).toBeNull();

    await alice.media.setCamera(true);
    await settle();
    const second = localTrack(alice.media, 'video') as FakeTrack;
    expect(second).not.toBe(first);
    expect(second.enabled).toBe(true);
    expect(sender.track).toBe(second);
    expect(alice.media.getState().cameraOn).toBe(true);
    expect(alice.peers[0]?.offerOptions).toHaveLength(1);
  });

  it('turning the camera on during an audio-only call sends video without renegotiating', async () => {
    hub.joinRoom(ROOM, BOB);
    const alice = member(ALICE);
    await alice.media.startLocal({ video: false });
    await alice.media.join(ROOM);
    await settle();

    await alice.media.setCamera(true);
    await settle();
    expect(alice.peers[0]?.sender('video')?.track).toBe(localTrack(alice.media, 'video'));
    expect(alice.media.getState()).toMatchObject({ cameraOn: true, audioOnly: false });
    expect(alice.peers[0]?.offerOptions).toHaveLength(1);
  });

  it('a refused camera when turning it on shows the reason and leaves the camera off', async () => {
    const alice = member(ALICE);
    await alice.media.startLocal({ video: false });
    alice.devices.failures = ['NotReadableError'];
    await alice.media.setCamera(true);
    expect(alice.media.getState()).toMatchObject({ cameraOn: false, localError: 'in-use' });
  });

  it('switching camera sends the next camera and releases the previous one', async () => {
    hub.joinRoom(ROOM, BOB);
    const devices = new FakeMediaDevices();
    devices.cameras = [{ deviceId: 'camera-1' }, { deviceId: 'camera-2' }];
    const alice = member(ALICE, { devices });
    await alice.media.startLocal({ video: true });
    await alice.media.join(ROOM);
    await settle();
    expect(alice.media.getState().canSwitchCamera).toBe(true);
    const first = localTrack(alice.media, 'video')!;

    await alice.media.switchCamera();
    await settle();
    const second = localTrack(alice.media, 'video') as FakeTrack;
    expect(second.getSettings().deviceId).toBe('camera-2');
    expect(first.readyState).toBe('ended');
    expect(alice.peers[0]?.sender('video')?.track).toBe(second);

    await alice.media.switchCamera();
    expect((localTrack(alice.media, 'video') as FakeTrack).getSettings().deviceId).toBe('camera-1');
  });

  it('switching camera on a phone turns between front and back', async () => {
    const devices = new FakeMediaDevices();
    devices.cameras = [
      { deviceId: 'front', facingMode: 'user' },
      { deviceId: 'back', facingMode: 'environment' },
    ];
    const alice = member(ALICE, { devices });
    await alice.media.startLocal({ video: true });
    expect(alice.media.getState().facing).toBe('user');

    await alice.media.switchCamera();
    expect(alice.media.getState().facing).toBe('environment');
    expect((localTrack(alice.media, 'video') as FakeTrack).getSettings().deviceId).toBe('back');
  });

  it('a camera that cannot be switched to leaves the previous one on', async () => {
    const devices = new FakeMediaDevices();
    devices.cameras = [{ deviceId: 'camera-1' }, { deviceId: 'camera-2' }];
    const alice = member(ALICE, { devices });
    await alice.media.startLocal({ video: true });
    devices.failures = ['NotReadableError'];
    await alice.media.switchCamera();
    expect((localTrack(alice.media, 'video') as FakeTrack).getSettings().deviceId).toBe('camera-1');
    expect(alice.media.getState()).toMatchObject({ cameraOn: true, localError: undefined });
  });

  it('only a device with two cameras offers switching', async () => {
    const alice = member(ALICE);
    await alice.media.startLocal({ video: true });
    expect(alice.media.getState().canSwitchCamera).toBe(false);
  });
});


describe('leaving while a device is still opening', () => {
  it('releases the microphone and camera that open after leaving', async () => {
    const alice = member(ALICE);
    const starting = alice.media.startLocal({ video: true });
    alice.media.leave();
    await starting;
    expect(alice.devices.opened.map((track) => track.readyState)).toEqual(['ended', 'ended']);
    expect(alice.media.getState()).toMatchObject({ local: undefined, cameraOn: false });
  });

  it('releases a camera that opens after leaving', async () => {
    const alice = member(ALICE);
    await alice.media.startLocal({ video: false });
    const turningOn = alice.media.setCamera(true);
    await Promise.resolve();
    expect(alice.devices.requests).toHaveLength(2); // the camera is being opened
    alice.media.leave();
    await turningOn;
    expect(alice.devices.opened.map((track) => [track.kind, track.readyState])).toEqual([
      ['audio', 'ended'],
      ['video', 'ended'],
    ]);
    expect(alice.media.getState()).toMatchObject({ local: undefined, cameraOn: false });
  });

  it('does not open a camera asked for just before leaving', async () => {
    const alice = member(ALICE);
    await alice.media.startLocal({ video: false });
    const turningOn = alice.media.setCamera(true);
    alice.media.leave();
    await turningOn;
    expect(alice.devices.requests).toHaveLength(1); // the camera light never came on
    expect(alice.media.getState().cameraOn).toBe(false);
  });
});
