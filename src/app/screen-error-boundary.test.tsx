// @vitest-environment happy-dom
// A screen whose code cannot load: fetched again before it counts as failed; then an error with Retry,
// and Retry, or the browser coming back online, fetches it again (React.lazy alone keeps its rejection,
// so Retry could never load it); code that fails again after that counts as gone: the next Retry loads
// the page. A part of a screen whose code cannot load is left out, and comes back once online.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../shared/i18n/react.tsx';
import type { Translator } from '../shared/i18n/translator.ts';
import { DeferredBoundary } from '../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../shared/loading/lazy-component.tsx';
import { loadDeferred, loadDeferredUntilOnline, retryImport } from '../shared/loading/retry-import.ts';
import { createTestI18n } from '../shared/testing/test-i18n.ts';
import { ScreenBoundary, ScreenErrorBoundary } from './screen-error-boundary.tsx';

let i18nInstance: Translator;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const offline = (): Promise<{ default: () => React.JSX.Element }> => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const screenModule = () => Promise.resolve({ default: () => <h1>Chats</h1> });

describe('retryImport', () => {
  it('tries a failed import again, and gives up after the last wait', async () => {
    const load = vi.fn(offline).mockImplementationOnce(offline).mockImplementationOnce(offline);
    await expect(retryImport(load, [0, 0])).rejects.toThrow('Failed to fetch');
    expect(load).toHaveBeenCalledTimes(3);
    const flaky = vi.fn(screenModule).mockImplementationOnce(offline);
    await expect(retryImport(flaky, [0])).resolves.toHaveProperty('default');
    expect(flaky).toHaveBeenCalledTimes(2);
  });

  it('deferred work whose code cannot load is tried again once the browser is back online, until stopped', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi.fn(offline);
    const stopped = new AbortController();
    const loading = loadDeferredUntilOnline('the live connections', load, stopped.signal);
    // After the in-page retries (400 ms and 1.5 s).
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalledWith('Skipped the live connections: its code could not be loaded', expect.any(TypeError)), { timeout: 5_000 });
    load.mockImplementation(screenModule);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toHaveProperty('default');

    const never = vi.fn(offline);
    const other = loadDeferredUntilOnline('the call registry', never, stopped.signal);
    await vi.waitFor(() => expect(never).toHaveBeenCalled());
    stopped.abort();
    await expect(other).resolves.toBeUndefined();
  });

  it('deferred work whose code cannot load is skipped with a warning, not an unhandled rejection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(loadDeferred('the badge', offline, [0])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Skipped the badge: its code could not be loaded', expect.any(TypeError));
  });
});

function renderScreen(children: React.ReactNode, reload?: () => void) {
  return render(
    <I18nProvider i18n={i18nInstance}>
      <MemoryRouter>
        <ScreenErrorBoundary resetKey="chats" reload={reload}>
          {children}
        </ScreenErrorBoundary>
      </MemoryRouter>
    </I18nProvider>,
  );
}

/** A screen whose code cannot load (each import fails until `load` is told otherwise), shown in its boundary; the console kept quiet. */
function unloadableScreen() {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const load = vi.fn(offline);
  const Chats = lazyComponent(load, [0]);
  const reload = vi.fn();
  renderScreen(<Chats />, reload);
  return { load, reload };
}

describe('a screen whose code cannot load', () => {
  it('is fetched again, then shows the error with Try again, which fetches it again and opens it once the network is back', async () => {
    const { load, reload } = unloadableScreen();
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry, something went wrong. Please try again later.');
    expect(load).toHaveBeenCalledTimes(2);
    load.mockImplementation(screenModule);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
  });

  it('is opened by itself once the browser is back online', async () => {
    const { load } = unloadableScreen();
    expect(await screen.findByRole('alert')).toBeTruthy();
    load.mockImplementation(screenModule);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
  });

  it('counts as gone when it fails again after Try again (an update removed it): the next Try again loads the page', async () => {
    const { load, reload } = unloadableScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(4));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a screen that threw (its code loaded) is rendered again by Try again, without loading the page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    const Flaky = () => {
      if (broken) throw new Error('a bug');
      return <h1>Chats</h1>;
    };
    const reload = vi.fn();
    renderScreen(<Flaky />, reload);
    expect(await screen.findByRole('alert')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('opens without an error when only the first fetch fails', async () => {
    const load = vi.fn(screenModule).mockImplementationOnce(offline);
    const Chats = lazyComponent(load, [0]);
    renderScreen(<Chats />);
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a screen that threw on one room', () => {
  it('shows the next room of the same screen (another ?uuid=), not the first one\'s error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A room whose answer breaks the screen (issue 33's fuzzing), and a good one.
    const Room = () => {
      const uuid = new URLSearchParams(useLocation().search).get('uuid');
      if (uuid === 'bad') throw new RangeError('Invalid time value');
      return <h1>Room {uuid}</h1>;
    };
    let go: (to: string) => void = () => undefined;
    const Navigator = () => {
      go = useNavigate();
      return null;
    };
    render(
      <I18nProvider i18n={i18nInstance}>
        <MemoryRouter initialEntries={['/chats/chat?uuid=bad']}>
          <Navigator />
          <Routes>
            <Route
              path="/chats/chat"
              element={
                <ScreenBoundary>
                  <Room />
                </ScreenBoundary>
              }
            />
          </Routes>
        </MemoryRouter>
      </I18nProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry, something went wrong. Please try again later.');
    act(() => go('/chats/chat?uuid=good'));
    expect(await screen.findByRole('heading', { name: 'Room good' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('deferred, optional UI whose code cannot load', () => {
  it('is left out, and the screen around it stays', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Banner = lazyComponent(offline, [0]);
    renderScreen(
      <>
        <h1>Home</h1>
        <DeferredBoundary name="the offline banner">
          <Banner />
        </DeferredBoundary>
      </>,
    );
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalledWith('Left out the offline banner: it could not be loaded', expect.any(TypeError)));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps its place with its fallback meanwhile, and comes back once the browser is online (a room opened from a link, then offline)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(offline);
    const SearchButton = lazyComponent(load, [0]);
    renderScreen(
      <>
        <h1>Budi Santoso</h1>
        <DeferredBoundary name="the room search" fallback={<span data-testid="kept-place" />}>
          <SearchButton />
        </DeferredBoundary>
      </>,
    );
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalledWith('Left out the room search: it could not be loaded', expect.any(TypeError)));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('kept-place')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    load.mockImplementation(() => Promise.resolve({ default: () => <button type="button">Search in chat</button> }));
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('button', { name: 'Search in chat' })).toBeTruthy();
    expect(screen.queryByTestId('kept-place')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Budi Santoso' })).toBeTruthy();
  });
});

describe('a screen whose code arrives while React waits for it', () => {
  it('is mounted once: it keeps its state when the page around it renders again', async () => {
    // The start-call screen reads a tap's intent once and then clears it from the history entry; mounted a
    // second time by the next render, it had lost the intent and asked "Start a video call…?" instead of
    // calling. That happens when the code arrives while React yields in a non-blocking render (here a
    // transition; in the app, a retry on a busy phone): React then goes on from the waiting wrapper. Real
    // scheduling, so no act(): act renders without yielding.
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    let mounts = 0;
    let press: () => void = () => undefined;
    const Counter = () => {
      const [count, setCount] = useState(() => {
        mounts += 1;
        return 0;
      });
      press = () => setCount(count + 1);
      return <p>Pressed {count}</p>;
    };
    // The code arrives just after React asks for it, before React's next slice of work.
    const Screen = lazyComponent(() => new Promise<{ default: typeof Counter }>((resolve) => queueMicrotask(() => resolve({ default: Counter }))));
    let go: (step: number) => void = () => undefined;
    const Page = () => {
      const [step, setStep] = useState(0);
      go = setStep;
      return (
        <Suspense fallback={<p>Loading</p>}>
          <h1>Step {step}</h1>
          {step > 0 && <Screen />}
        </Suspense>
      );
    };
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    try {
      root.render(<Page />);
      await vi.waitFor(() => expect(host.textContent).toBe('Step 0'));
      startTransition(() => go(1));
      await vi.waitFor(() => expect(host.textContent).toBe('Step 1Pressed 0'));
      press();
      await vi.waitFor(() => expect(host.textContent).toBe('Step 1Pressed 1'));
      go(2);
      await vi.waitFor(() => expect(host.textContent).toContain('Step 2'));
      expect(host.textContent).toBe('Step 2Pressed 1');
      expect(mounts).toBe(1);
    } finally {
      root.unmount();
      scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
