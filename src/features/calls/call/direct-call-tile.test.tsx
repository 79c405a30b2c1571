// @vitest-environment jsdom
// The other person's tile in a direct call, over the real mesh (fake WebRTC, the in-memory signalling):
// their video keeps arriving when they mute or turn the camera off (silence, black frames), so the
// tile shows what they say by their `media-state` signal: the microphone-off mark, and their picture
// and name instead of the video, as a group call's tiles do.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { useMemo, useSyncExternalStore } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { CallMedia } from '../media/call-media.ts';
import { createMeshCallMedia } from '../media/mesh-call-media.ts';
import { ALICE, BOB, ROOM, settle } from '../media/testing/call-media-harness.ts';
import { createSignallingHub } from '../media/testing/fake-signalling.ts';
import { FakeMediaDevices, FakePeerConnection } from '../media/testing/fake-webrtc.ts';
import type { CallSession, CallSessionState } from '../session/call-session.ts';
import { TestStream } from '../testing/test-streams.ts';
import { CallStage } from './call-stage.tsx';

const IN_CALL: CallSessionState = { callId: 7, role: 'caller', phase: 'in-call', endedBecause: undefined, connectedAt: 1000, joinFailed: false };
const BUDI_PICTURE = 'https://files.example/budi.jpg';

function Stage({ media }: { media: CallMedia }) {
  const state = useSyncExternalStore(media.subscribe, media.getState);
  const session = useMemo(() => ({ isGroup: false, media, hangUp: vi.fn(), rejoin: vi.fn() }) as unknown as CallSession, [media]);
  return <CallStage session={session} state={IN_CALL} media={state} people={{ title: 'Budi Santoso', caller: 'Ayu Lestari', avatarUrl: BUDI_PICTURE }} personOf={() => undefined} />;
}

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
beforeEach(() => {
  vi.stubGlobal('MediaStream', TestStream);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it("shows Budi's microphone-off mark, and his picture and name instead of his video, once he says so", async () => {
  const hub = createSignallingHub();
  const peers: FakePeerConnection[] = [];
  const ayu = createMeshCallMedia({
    signalling: async () => hub.signalling(ALICE),
    iceServers: [],
    mediaDevices: new FakeMediaDevices() as unknown as MediaDevices,
    createPeer: (config) => {
      const pc = new FakePeerConnection(config);
      peers.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
  });
  await ayu.startLocal({ video: true });
  await ayu.join(ROOM);
  // Budi answers: he joins and offers; his audio and video arrive; the connection comes up.
  const budi = hub.joinRoom(ROOM, BOB);
  budi.send(ALICE, { kind: 'offer', sdp: 'offer from budi' });
  await settle();
  peers[0]!.receiveTracks();
  peers[0]!.setConnectionState('connected');

  render(
    <I18nProvider i18n={i18nInstance}>
      <MemoryRouter>
        <Stage media={ayu} />
      </MemoryRouter>
    </I18nProvider>,
  );
  const tile = screen.getByTestId('remote-video');
  expect(tile.dataset).toMatchObject({ participant: BOB, microphone: 'on', camera: 'on' });
  expect(within(tile).queryByRole('img', { name: 'Microphone off' })).toBeNull();
  expect(tile.querySelector('img')).toBeNull();

  act(() => budi.send(ALICE, { kind: 'media-state', audio: false, video: false }));
  expect(tile.dataset).toMatchObject({ microphone: 'off', camera: 'off' });
  expect(within(tile).getByRole('img', { name: 'Microphone off' })).toBeTruthy();
  expect(tile.querySelector('img')?.getAttribute('src')).toBe(BUDI_PICTURE);
  expect(within(tile).getByText('Budi Santoso')).toBeTruthy();

  // On again: the video, and no mark.
  act(() => budi.send(ALICE, { kind: 'media-state', audio: true, video: true }));
  expect(tile.dataset).toMatchObject({ microphone: 'on', camera: 'on' });
  expect(within(tile).queryByRole('img', { name: 'Microphone off' })).toBeNull();
  expect(tile.querySelector('img')).toBeNull();
  ayu.leave();
});
