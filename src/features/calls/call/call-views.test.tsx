// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { NO_MEDIA, type CallMediaState } from '../media/call-media.ts';
import type { CallSession } from '../session/call-session.ts';
import { renderCalls } from '../testing/calls-test-kit.tsx';
import { CallControls, IncomingView } from './call-views.tsx';
import { VideoTile } from './video-tile.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => cleanup());

const render = (ui: React.ReactNode) => renderCalls(ui, { i18nInstance, entries: ['/call'], path: '/call' });

/** The controls over a media state that follows what they ask, as the real media does. */
function ControlsHarness({ hangUp, canSwitchCamera = false }: { hangUp(): void; canSwitchCamera?: boolean }) {
  const [media, setMedia] = useState<CallMediaState>({ ...NO_MEDIA, local: {} as MediaStream, microphoneOn: true, cameraOn: true, canSwitchCamera });
  const session = {
    isGroup: false,
    hangUp,
    media: {
      setMicrophone: (on: boolean) => setMedia((state) => ({ ...state, microphoneOn: on })),
      setCamera: async (on: boolean) => setMedia((state) => ({ ...state, cameraOn: on })),
      switchCamera: async () => undefined,
    },
  } as unknown as CallSession;
  return <CallControls session={session} media={media} />;
}

describe('the in-call controls', () => {
  it('are round buttons named Mute, Camera off and Hang up; Mute toggles to Unmute, pressed', async () => {
    const hangUp = vi.fn();
    render(<ControlsHarness hangUp={hangUp} />);
    const user = userEvent.setup();
    const controls = screen.getByRole('group', { name: 'Call controls' });
    expect(within(controls).getAllByRole('button').map((button) => button.textContent)).toEqual(['Mute', 'Camera off', 'Hang up']);
    // Each shows its icon above its label.
    for (const button of within(controls).getAllByRole('button')) expect(button.querySelector('svg')).not.toBeNull();

    const mute = screen.getByRole('button', { name: 'Mute' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    await user.click(mute);
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unmute' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(screen.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Camera off' }));
    expect(screen.getByRole('button', { name: 'Camera on' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(hangUp).toHaveBeenCalledOnce();
  });

  it('offer Switch camera only where there is another camera', () => {
    render(<ControlsHarness hangUp={() => undefined} canSwitchCamera />);
    expect(screen.getByRole('button', { name: 'Switch camera' })).toBeTruthy();
  });
});

describe('the ringing view', () => {
  it("shows the caller's picture large (initials without one), the name as the heading, and Decline and Accept", () => {
    const session = { isGroup: false, accept: vi.fn(), decline: vi.fn() } as unknown as CallSession;
    render(<IncomingView session={session} people={{ title: 'Ayu Lestari', caller: 'Ayu Lestari', avatarUrl: undefined }} />);
    const portrait = screen.getByTestId('call-portrait');
    expect(portrait.textContent).toBe('AL');
    expect(portrait.firstElementChild?.className).toMatch(/xl/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ayu Lestari');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it("shows the caller's picture when there is one", () => {
    const session = { isGroup: false, accept: vi.fn(), decline: vi.fn() } as unknown as CallSession;
    render(<IncomingView session={session} people={{ title: 'Ayu Lestari', caller: 'Ayu Lestari', avatarUrl: 'https://files.example/ayu.jpg' }} />);
    const picture = screen.getByTestId('call-portrait').querySelector('img');
    expect(picture?.getAttribute('src')).toBe('https://files.example/ayu.jpg');
    expect(picture?.getAttribute('width')).toBe('112');
  });
});

describe('a video tile', () => {
  it('names the person, marks a microphone that is off, and shows initials while no picture arrives', () => {
    render(<VideoTile stream={undefined} muted={false} label="Ayu Lestari" microphoneOff cameraOff testId="remote-video" className={undefined} />);
    const tile = screen.getByTestId('remote-video');
    expect(within(tile).getByText('Ayu Lestari')).toBeTruthy();
    expect(within(tile).getByRole('img', { name: 'Microphone off' })).toBeTruthy();
    expect(tile.textContent).toContain('AL');
  });

  it('has no microphone mark while the microphone is on', () => {
    render(<VideoTile stream={undefined} muted={false} label="Ayu Lestari" microphoneOff={false} testId="remote-video" className={undefined} />);
    expect(screen.queryByRole('img', { name: 'Microphone off' })).toBeNull();
  });
});
