// Session handoff to a web module. ASSUMPTION: the spec does not show how the company's web modules
// receive the session. The app opens the module at its URL with a one-time handshake value in the
// fragment (`#ess-handshake=<value>`, new for every frame); the module reads it (and removes it from
// its address), then asks: it posts `{ type: 'ess:session-request', handshake: '<value>' }` to the app
// (its parent window) with one MessagePort transferred, and the app answers `{ type: 'ess:session',
// accessToken, tokenType, expiresIn, scope, language, permissions }` on that port only. Nothing is
// posted unasked, and only the first request of a module load is answered:
// - a request from any other window, from another origin, without the frame's handshake value or
//   without a port, is ignored;
// - a second request from the same load gets nothing;
// - a page the module navigates to within its origin never gets the session. Counting the frame's
//   load events is not enough for that: a page that navigates before its own load event never fires
//   one, so the page it lands on is the frame's first load. That page's address has no handshake
//   value (the fragment is not carried over by a navigation and never sent as a referrer; the first
//   page's history entry is replaced, as a navigation before the load event is), so it cannot ask.
//   And the answer goes on the asking page's port, not to the frame's window: a page that asked and
//   then navigated away while its token was being issued takes the answer with it, where the window
//   would hand it to whatever page the frame shows by then. Once the frame has loaded a second page,
//   nothing is answered any more either. A retry (a new frame, a new handshake value) starts over.
// What is handed over is a short-lived token scoped to that module (POST /auth/module-token) when
// the backend offers it, else the bearer token (config.moduleTokens, see src/api/config.ts).
// `permissions` is the user's permission list (SPEC §6, fetched at sign-in and stored under
// `permissions`): the app's own screens gate nothing (SPEC names no permission that gates one), so
// the list is for the modules, which gate their own features by it; empty while it is not known.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { RefObject } from 'react';
import { getAccessToken } from '../../api/client.ts';
import { config, type ModuleTokenMode } from '../../api/config.ts';
import { getStorage, STORAGE_KEYS } from '../../shared/storage/storage.ts';
import { isModuleTokenNotOffered, requestModuleToken } from './api.ts';

export interface ModuleSession {
  /** The module's token (tokenType `module`), the user's bearer token (`bearer`), or null: no session. */
  accessToken: string | null;
  tokenType: 'module' | 'bearer' | null;
  /** Seconds the token lives (module tokens); null when unknown. */
  expiresIn: number | null;
  /** What a module token is good for, `module:<route path>`; null otherwise. */
  scope: string | null;
}

export interface SessionMessage extends ModuleSession {
  type: 'ess:session';
  language: string;
  permissions: string[];
}

const storedPermissions = (): string[] => {
  const stored = getStorage().get<unknown>(STORAGE_KEYS.permissions);
  return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [];
};

export const NO_SESSION: ModuleSession = { accessToken: null, tokenType: null, expiresIn: null, scope: null };

/** The fragment parameter that carries a frame's handshake value to the module. */
export const HANDSHAKE_PARAM = 'ess-handshake';

/** A new handshake value: 128 random bits, hex. */
export function newHandshake(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The module URL the frame opens: the module's own, with the handshake value in its fragment. */
export function withHandshake(url: string, handshake: string): string {
  return `${url.replace(/#.*$/s, '')}#${HANDSHAKE_PARAM}=${handshake}`;
}

function isSessionRequest(data: unknown, handshake: string): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const request = data as { type?: unknown; handshake?: unknown };
  return request.type === 'ess:session-request' && request.handshake === handshake;
}

/** The origin a session may be posted to; an opaque origin ('null') cannot be addressed, so none. */
export function sessionTargetOrigin(origin: string | undefined): string | undefined {
  return origin && origin !== 'null' ? origin : undefined;
}

/**
 * What the module at `path` is handed: its own token when the backend issues them; the bearer token
 * when module tokens are off, or (in `auto`) when the backend does not offer the call; otherwise
 * nothing. Without a signed-in user, nothing.
 */
export async function sessionForModule(path: string, mode: ModuleTokenMode = config.moduleTokens): Promise<ModuleSession> {
  const bearerToken = getAccessToken();
  if (!bearerToken) return NO_SESSION;
  const bearer: ModuleSession = { accessToken: bearerToken, tokenType: 'bearer', expiresIn: null, scope: null };
  if (mode === 'off') return bearer;
  try {
    const { token, expires_in, scope } = await requestModuleToken(path);
    return { accessToken: token, tokenType: 'module', expiresIn: expires_in, scope };
  } catch (error) {
    if (mode === 'auto' && isModuleTokenNotOffered(error)) return bearer;
    console.warn(`The web module ${path} gets no session: its token could not be issued`, error);
    return NO_SESSION;
  }
}

interface FrameLoad {
  key: string;
  handshake: string;
  /** The frame's load events so far: 1 once the app's chosen URL has loaded, more once it navigated. */
  loads: number;
  /** Session requests seen; only the first is answered. */
  requests: number;
}

export interface SessionHandshake {
  /** The URL to open in the frame: the module's, with this frame's handshake value. */
  src: string | undefined;
  /** Call on every load event of the frame (a navigation inside the frame is a new load). */
  onFrameLoad(): void;
}

/**
 * Answers the module's `ess:session-request`, once per module load (see the top of this file).
 * `frameKey` names one frame: a new key (a retry, another URL) starts a new handshake, with a new value.
 */
export function useSessionHandshake(
  frame: RefObject<HTMLIFrameElement | null>,
  moduleSrc: string | undefined,
  origin: string | undefined,
  frameKey: string,
  path: string,
  language: string,
): SessionHandshake {
  // One value per frame key. Were React to drop this memo, the frame would just get a new URL (and load
  // afresh), with its handshake state reset below.
  const handshake = useMemo(() => ({ key: frameKey, value: newHandshake() }), [frameKey]);
  const state = useRef<FrameLoad>({ key: frameKey, handshake: handshake.value, loads: 0, requests: 0 });
  const current = useCallback(() => {
    if (state.current.key !== handshake.key || state.current.handshake !== handshake.value) {
      state.current = { key: handshake.key, handshake: handshake.value, loads: 0, requests: 0 };
    }
    return state.current;
  }, [handshake]);

  useEffect(() => {
    const targetOrigin = sessionTargetOrigin(origin);
    if (!targetOrigin) return;
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || event.origin !== targetOrigin) return;
      const load = current();
      const [port] = event.ports;
      if (!isSessionRequest(event.data, load.handshake) || event.ports.length !== 1 || !port) return;
      load.requests += 1;
      // A request may arrive just before the first load event (a module asks while it is parsed), so
      // up to one load is this page; after a second one the frame shows another page.
      if (load.requests !== 1 || load.loads > 1) return;
      void sessionForModule(path).then((session) => {
        // The frame was replaced, or navigated on, while the token was being issued: it stays unsent.
        if (state.current !== load || load.loads > 1 || frame.current?.contentWindow !== target) return;
        const message: SessionMessage = { type: 'ess:session', ...session, language, permissions: storedPermissions() };
        // On the asking page's own port: if that page is gone, so is the answer.
        port.postMessage(message);
        port.close();
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, origin, path, language, current]);

  const onFrameLoad = useCallback(() => {
    current().loads += 1;
  }, [current]);
  // A module that gets no session (no addressable origin) gets no handshake value either.
  const src = moduleSrc === undefined || !sessionTargetOrigin(origin) ? moduleSrc : withHandshake(moduleSrc, handshake.value);
  return { src, onFrameLoad };
}
