// @vitest-environment jsdom
// The call stage with many members (issue 23), over the fake CallMedia, on a stage measured as the
// built app measures it on a 390 x 844 phone (jsdom has no layout: the ResizeObserver is a stand-in).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useSyncExternalStore } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { clearToasts } from '../../../shared/ui/toast.tsx';
import type { RemoteParticipant, VisibleVideo } from '../media/call-media.ts';
import { fakeMedia } from '../media/testing/fake-call-media.ts';
import type { CallSession, CallSessionState } from '../session/call-session.ts';
import { renderCalls } from '../testing/calls-test-kit.tsx';
import { cameraAndMicrophone, TestStream, TestTrack } from '../testing/test-streams.ts';
import { CallStage } from './call-stage.tsx';

/** The stage's content box in the built app at 390 x 844 (Chromium, a 4-person call). */
const PHONE_STAGE = { width: 374, height: 647 };
const DESKTOP_STAGE = { width: 1208, height: 587 };
let stageSize = PHONE_STAGE;

/** Reports the stage's size once observed, as the browser does after layout. */
class StageObserver {
  private readonly report: ResizeObserverCallback;
  constructor(report: ResizeObserverCallback) {
    this.report = report;
  }
  observe() {
    const { width, height } = stageSize;
    queueMicrotask(() => act(() => this.report([{ contentRect: { width, height } } as ResizeObserverEntry], this as unknown as ResizeObserver)));
  }
  disconnect() {}
  unobserve() {}
}

const NAMES = ['Budi Santoso', 'Rizky Pratama', 'Siti Rahmawati', 'Dewi Kartika', 'Agus Setiawan', 'Putri Maharani', 'Hendra Wijaya', 'Nur Aisyah', 'Yoga Prasetyo', 'Ratna Sari'];
const idOf = (index: number) => String(100 + index);
const nameOf = (id: string) => NAMES[Number(id) - 100] ?? `Member ${id}`;

function member(index: number, extra: Partial<RemoteParticipant> = {}): RemoteParticipant {
  return { id: idOf(index), stream: cameraAndMicrophone(), state: 'connected', ...extra };
}
const members = (count: number) => Array.from({ length: count }, (_, index) => member(index));

const IN_CALL: CallSessionState = { callId: 7, role: 'caller', phase: 'in-call', endedBecause: undefined, connectedAt: undefined, joinFailed: false };

function Stage({ fake }: { fake: ReturnType<typeof fakeMedia> }) {
  const media = useSyncExternalStore(fake.media.subscribe, fake.media.getState);
  const session = useMemo(() => ({ isGroup: true, media: fake.media, hangUp: vi.fn(), rejoin: vi.fn() }) as unknown as CallSession, [fake]);
  return <CallStage session={session} state={IN_CALL} media={media} people={{ title: 'All Hands', caller: 'Ayu Lestari', avatarUrl: undefined }} personOf={(id) => ({ name: nameOf(id), avatarUrl: id === '101' ? 'https://files.example/rizky.jpg' : undefined })} />;
}

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
beforeEach(() => {
  stageSize = PHONE_STAGE;
  vi.stubGlobal('MediaStream', TestStream);
  vi.stubGlobal('ResizeObserver', StageObserver);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The stage in a call with `remotes`, the own camera on, measured; returns the fake media. */
async function renderStage(remotes: RemoteParticipant[], state: Parameters<ReturnType<typeof fakeMedia>['set']>[0] = {}) {
  const fake = fakeMedia();
  fake.set({ local: cameraAndMicrophone(), cameraOn: true, microphoneOn: true, joined: true, capacity: 100, remotes, ...state });
  renderCalls(<Stage fake={fake} />, { i18nInstance, entries: ['/call'], path: '/call' });
  if (remotes.length > 0) await waitFor(() => expect(fake.media.setVisibleVideos).toHaveBeenCalled());
  return { ...fake, user: userEvent.setup() };
}

const tiles = () => screen.getAllByTestId('remote-video');
const idsOf = (elements: HTMLElement[]) => elements.map((element) => element.getAttribute('data-participant'));
const stripTiles = () => within(screen.getByTestId('call-strip')).queryAllByTestId('remote-video');
/** The large tile: the one remote tile outside the strip. */
const largeTile = () => tiles().find((tile) => !screen.getByTestId('call-strip').contains(tile));
const lastVisible = (fake: { media: { setVisibleVideos: { mock: { calls: unknown[][] } } } }) => fake.media.setVisibleVideos.mock.calls.at(-1)?.[0] as VisibleVideo[];

describe('how many tiles the stage shows on a 390 x 844 phone', () => {
  it('one other person fills the stage, with the own preview in its corner; their video is asked for large', async () => {
    const fake = await renderStage(members(1));
    expect(document.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('solo');
    expect(idsOf(tiles())).toEqual(['100']);
    expect(document.querySelector('[data-layout]')?.contains(screen.getByTestId('local-video'))).toBe(true);
    expect(fake.media.setVisibleVideos).toHaveBeenCalledOnce();
    expect(lastVisible(fake)).toEqual([{ id: '100', large: true }]);
  });

  it('three share a grid, each named', async () => {
    const fake = await renderStage(members(3));
    expect(document.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('grid');
    expect(tiles().map((tile) => tile.textContent)).toEqual(['Budi Santoso', 'Rizky Pratama', 'Siti Rahmawati']);
    expect(lastVisible(fake)).toEqual(['100', '101', '102'].map((id) => ({ id, large: true })));
    expect(screen.queryByTestId('call-page')).toBeNull();
  });

  it('six: the first to join large (nobody has spoken yet) and the five others in the strip, no pages', async () => {
    const fake = await renderStage(members(6));
    expect(document.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('spotlight');
    expect(tiles()).toHaveLength(6);
    expect(largeTile()?.getAttribute('data-participant')).toBe('100');
    expect(idsOf(stripTiles())).toEqual(['101', '102', '103', '104', '105']);
    expect(screen.queryByTestId('call-page')).toBeNull();
    expect(lastVisible(fake)).toEqual([{ id: '100', large: true }, ...['101', '102', '103', '104', '105'].map((id) => ({ id, large: false }))]);
  });

  it('twenty: the speaker and four others a page, "Page 1 of 5"; Next and Previous turn the pages, and the media is asked for exactly the videos shown', async () => {
    const fake = await renderStage(members(20));
    expect(tiles()).toHaveLength(5);
    expect(idsOf(stripTiles())).toEqual(['101', '102', '103', '104']);
    expect(screen.getByTestId('call-page').textContent).toBe('Page 1 of 5');
    expect(lastVisible(fake)).toEqual([{ id: '100', large: true }, ...['101', '102', '103', '104'].map((id) => ({ id, large: false }))]);
    const previous = screen.getByRole('button', { name: 'Previous participants' });
    const next = screen.getByRole('button', { name: 'Next participants' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);

    await fake.user.click(next);
    expect(screen.getByTestId('call-page').textContent).toBe('Page 2 of 5');
    expect(idsOf(stripTiles())).toEqual(['105', '106', '107', '108']);
    await waitFor(() => expect(lastVisible(fake)).toEqual([{ id: '100', large: true }, ...['105', '106', '107', '108'].map((id) => ({ id, large: false }))]));
    const calls = fake.media.setVisibleVideos.mock.calls.length;

    for (let page = 3; page <= 5; page++) await fake.user.click(next);
    expect(screen.getByTestId('call-page').textContent).toBe('Page 5 of 5');
    expect(idsOf(stripTiles())).toEqual(['117', '118', '119']);
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await fake.user.click(previous);
    expect(screen.getByTestId('call-page').textContent).toBe('Page 4 of 5');
    await waitFor(() => expect(lastVisible(fake).map((video) => video.id)).toEqual(['100', '113', '114', '115', '116']));
    // Once a frame at most: the clicks in between may have been folded into fewer calls, never more.
    expect(fake.media.setVisibleVideos.mock.calls.length - calls).toBeLessThanOrEqual(4);
  });

  it('a swipe over the strip turns the page (left: next, right: back); a vertical one does not', async () => {
    const fake = await renderStage(members(20));
    const strip = screen.getByTestId('call-strip');
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(strip, { pointerType: 'touch', clientX: from[0], clientY: from[1] });
      fireEvent.pointerUp(strip, { pointerType: 'touch', clientX: to[0], clientY: to[1] });
    };
    swipe([300, 100], [120, 110]);
    expect(screen.getByTestId('call-page').textContent).toBe('Page 2 of 5');
    swipe([200, 100], [210, 300]);
    expect(screen.getByTestId('call-page').textContent).toBe('Page 2 of 5');
    swipe([100, 100], [300, 90]);
    expect(screen.getByTestId('call-page').textContent).toBe('Page 1 of 5');
    await waitFor(() => expect(lastVisible(fake).map((video) => video.id)).toEqual(['100', '101', '102', '103', '104']));
  });

  it('on a 1280 x 800 window the strip holds eight a page beside the speaker', async () => {
    stageSize = DESKTOP_STAGE;
    await renderStage(members(20));
    expect(document.querySelector('[data-layout]')?.getAttribute('data-strip')).toBe('beside');
    expect(stripTiles()).toHaveLength(8);
    expect(screen.getByTestId('call-page').textContent).toBe('Page 1 of 3');
  });
});

describe('the active speaker', () => {
  it('is the large tile with a ring; who spoke last stays large while nobody speaks; the strip keeps its page', async () => {
    const fake = await renderStage(members(20));
    await fake.user.click(screen.getByRole('button', { name: 'Next participants' }));
    act(() => fake.set({ activeSpeaker: '107' }));
    expect(largeTile()?.getAttribute('data-participant')).toBe('107');
    expect(largeTile()?.getAttribute('data-speaking')).toBe('true');
    expect(screen.getAllByTestId('remote-video').filter((tile) => tile.hasAttribute('data-speaking'))).toHaveLength(1);
    // Page 2 of the others without the speaker: 100 is back among them.
    expect(idsOf(stripTiles())).toEqual(['104', '105', '106', '108']);
    await waitFor(() => expect(lastVisible(fake)).toEqual([{ id: '107', large: true }, ...['104', '105', '106', '108'].map((id) => ({ id, large: false }))]));

    act(() => fake.set({ activeSpeaker: undefined }));
    expect(largeTile()?.getAttribute('data-participant')).toBe('107');
    expect(largeTile()?.hasAttribute('data-speaking')).toBe(false);
    // The speaker leaves: the first to join is large again.
    act(() => fake.set({ remotes: fake.media.getState().remotes.filter((remote) => remote.id !== '107') }));
    expect(largeTile()?.getAttribute('data-participant')).toBe('100');
  });

  it('rings whoever the media says is talking now, and not the one who merely kept the floor', async () => {
    const fake = await renderStage(members(6));
    const talking = (ids: string[]) => fake.media.getState().remotes.map((remote) => ({ ...remote, speaking: ids.includes(remote.id) }));
    act(() => fake.set({ activeSpeaker: '102', remotes: talking(['102', '104']) }));
    expect(largeTile()?.getAttribute('data-participant')).toBe('102');
    const ringed = () => screen.getAllByTestId('remote-video').filter((tile) => tile.hasAttribute('data-speaking')).map((tile) => tile.getAttribute('data-participant'));
    expect(ringed().sort()).toEqual(['102', '104']);
    act(() => fake.set({ remotes: talking([]) }));
    expect(largeTile()?.getAttribute('data-participant')).toBe('102');
    expect(ringed()).toEqual([]);
  });
});

describe('a shared screen', () => {
  it('becomes the large tile, named as theirs; the speaker joins the strip, where the own camera takes the first tile', async () => {
    const remotes = members(6);
    const fake = await renderStage(remotes, { activeSpeaker: '102' });
    expect(largeTile()?.getAttribute('data-participant')).toBe('102');
    const shared = new TestStream([new TestTrack('video')]) as unknown as MediaStream;
    act(() => fake.set({ remotes: remotes.map((remote) => (remote.id === '101' ? { ...remote, screen: shared } : remote)) }));

    const screenTile = screen.getByTestId('screen-share');
    expect(screenTile.textContent).toBe("Rizky Pratama's screen");
    expect(screenTile.getAttribute('data-participant')).toBe('101');
    expect(screen.getByTestId('call-strip').contains(screenTile)).toBe(false);
    // No microphone mark on a screen (it carries no sound of its own).
    expect(within(screenTile).queryByRole('img', { name: 'Microphone off' })).toBeNull();
    // Everyone is in the strip now, the speaker with its ring; the own camera first, over nobody's screen.
    const strip = screen.getByTestId('call-strip');
    expect(strip.firstElementChild?.getAttribute('data-testid')).toBe('local-video');
    expect(strip.firstElementChild?.textContent).toBe('You');
    expect(idsOf(stripTiles())).toEqual(['100', '101', '102']);
    expect(stripTiles().find((tile) => tile.getAttribute('data-participant') === '102')?.getAttribute('data-speaking')).toBe('true');
    expect(screen.getByTestId('call-page').textContent).toBe('Page 1 of 2');
    // The cameras shown, small; a shared screen is always received (janus-call-media.ts), so it is not named.
    await waitFor(() => expect(lastVisible(fake)).toEqual(['100', '101', '102'].map((id) => ({ id, large: false }))));

    act(() => fake.set({ remotes }));
    expect(screen.queryByTestId('screen-share')).toBeNull();
    expect(largeTile()?.getAttribute('data-participant')).toBe('102');
  });

  it('from the only other person also takes the stage, their camera beside it', async () => {
    const fake = await renderStage([member(0, { screen: new TestStream([new TestTrack('video')]) as unknown as MediaStream })]);
    expect(screen.getByTestId('screen-share').textContent).toBe("Budi Santoso's screen");
    expect(idsOf(stripTiles())).toEqual(['100']);
    expect(lastVisible(fake)).toEqual([{ id: '100', large: false }]);
  });
});

describe('sharing one\'s own screen', () => {
  it('is offered only where the media can carry it', async () => {
    await renderStage(members(2), { canShareScreen: false });
    expect(screen.queryByRole('button', { name: 'Share screen' })).toBeNull();
  });

  it('is not offered on a touch-only device (a phone), even where the browser could', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('pointer: coarse') }));
    await renderStage(members(2), { canShareScreen: true });
    expect(screen.queryByRole('button', { name: 'Share screen' })).toBeNull();
  });

  it('Share screen starts it; the control turns into Stop sharing, pressed, with a banner that stops it too', async () => {
    const fake = await renderStage(members(2), { canShareScreen: true });
    const share = screen.getByRole('button', { name: 'Share screen' });
    expect(share.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('sharing-banner')).toBeNull();
    await fake.user.click(share);
    expect(fake.media.shareScreen).toHaveBeenCalledWith(true);
    const controls = screen.getByRole('group', { name: 'Call controls' });
    expect(within(controls).getByRole('button', { name: 'Stop sharing' }).getAttribute('aria-pressed')).toBe('true');
    const banner = screen.getByTestId('sharing-banner');
    expect(banner.textContent).toContain('You are sharing your screen');
    await fake.user.click(within(banner).getByRole('button', { name: 'Stop sharing' }));
    expect(fake.media.shareScreen).toHaveBeenLastCalledWith(false);
    expect(screen.queryByTestId('sharing-banner')).toBeNull();
    expect(within(controls).getByRole('button', { name: 'Share screen' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('a cancelled picker says nothing; a failure says so', async () => {
    const fake = await renderStage(members(2), { canShareScreen: true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.media.shareScreen.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    await fake.user.click(screen.getByRole('button', { name: 'Share screen' }));
    await new Promise((settle) => setTimeout(settle, 20));
    expect(screen.queryByText('Your screen could not be shared. Try again.')).toBeNull();
    expect(screen.queryByTestId('sharing-banner')).toBeNull();

    fake.media.shareScreen.mockRejectedValueOnce(new DOMException('Could not start video source', 'NotReadableError'));
    await fake.user.click(screen.getByRole('button', { name: 'Share screen' }));
    expect(await screen.findByText('Your screen could not be shared. Try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share screen' }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('sound', () => {
  it('every member is heard from one hidden audio of their audio tracks only, also those on other pages; no video plays sound', async () => {
    const remotes = members(20);
    await renderStage(remotes);
    expect(tiles()).toHaveLength(5);
    const audios = screen.getAllByTestId('remote-audio') as HTMLAudioElement[];
    expect(audios.map((audio) => audio.getAttribute('data-participant'))).toEqual(remotes.map((remote) => remote.id));
    expect(audios.every((audio) => audio.closest('[hidden]') !== null && audio.autoplay)).toBe(true);
    for (const [index, audio] of audios.entries()) {
      const played = audio.srcObject as unknown as TestStream;
      expect(played.getTracks()).toEqual(remotes[index]!.stream!.getAudioTracks());
    }
    expect([...document.querySelectorAll('video')].every((video) => video.muted)).toBe(true);
  });

  it('turning the page or a new speaker does not touch anyone\'s audio', async () => {
    const fake = await renderStage(members(20));
    const before = screen.getAllByTestId('remote-audio');
    await fake.user.click(screen.getByRole('button', { name: 'Next participants' }));
    act(() => fake.set({ activeSpeaker: '110' }));
    expect(screen.getAllByTestId('remote-audio')).toEqual(before);
  });
});

describe('a tile', () => {
  it('shows the name, a microphone-off mark (said, or read from the tracks), the picture or initials with the camera off, and a connection still coming up', async () => {
    const silent = member(2);
    const track = silent.stream!.getAudioTracks()[0] as unknown as TestTrack;
    track.muted = true;
    await renderStage([member(0, { microphoneOn: false }), member(1, { cameraOn: false }), silent, member(3, { state: 'reconnecting', microphoneOn: true })]);
    const byId = (id: string) => tiles().find((tile) => tile.getAttribute('data-participant') === id)!;
    expect(within(byId('100')).getByRole('img', { name: 'Microphone off' })).toBeTruthy();
    expect(within(byId('101')).queryByRole('img', { name: 'Microphone off' })).toBeNull();
    expect(byId('101').getAttribute('data-camera')).toBe('off');
    expect(byId('101').querySelector('img')?.getAttribute('src')).toBe('https://files.example/rizky.jpg');
    expect(within(byId('102')).getByRole('img', { name: 'Microphone off' })).toBeTruthy();
    expect(within(byId('103')).getByRole('status').textContent).toBe('Reconnecting…');
    expect(within(byId('103')).queryByRole('img', { name: 'Microphone off' })).toBeNull();
    expect(within(byId('103')).getByTitle('Dewi Kartika')).toBeTruthy();
  });
});

describe('what the media is asked to receive', () => {
  it('is not asked again while what is on screen stays the same', async () => {
    const fake = await renderStage(members(8));
    await new Promise((settle) => setTimeout(settle, 50));
    const calls = fake.media.setVisibleVideos.mock.calls.length;
    act(() => fake.set({ remotes: fake.media.getState().remotes.map((remote) => ({ ...remote, microphoneOn: false })) }));
    act(() => fake.set({ microphoneOn: false }));
    await new Promise((settle) => setTimeout(settle, 50));
    expect(fake.media.setVisibleVideos.mock.calls.length).toBe(calls);
  });

  it('nothing once the stage is gone', async () => {
    const fake = await renderStage(members(2));
    cleanup();
    expect(lastVisible(fake)).toEqual([]);
  });
});

describe('a full call', () => {
  it('says how many the media carries', async () => {
    await renderStage([], { full: true, capacity: 100 });
    expect(screen.getByRole('alert').textContent).toBe('This call is full: a video call connects at most 100 people.');
  });
});
