// Session handoff to a web module. ASSUMPTION: the spec does not show how the company's web modules
// receive the session. The module asks: it posts `{ type: 'ess:session-request' }` to the app (its
// parent window), and the app answers `{ type: 'ess:session', accessToken, tokenType, expiresIn,
// scope, language, permissions }` to that window, addressed to the module URL's origin (never '*'). Nothing is
// posted unasked, and only the first request of a module load is answered:
// - a request from any other window, or from another origin, is ignored;
// - a second request from the same load gets nothing;
// - once the frame has loaded a second page (it navigated: the iframe's load event fires again),
//   nothing is answered any more, so another page of the module's origin that the module navigates
//   to never gets the session. A retry (a new frame) starts over.
// What is handed over is a short-lived token scoped to that module (POST /auth/module-token) when
// the backend offers it, else the bearer token (config.moduleTokens, see src/api/config.ts).
// `permissions` is the user's permission list (SPEC §6, fetched at sign-in and stored under
// `permissions`): the app's own screens gate nothing (SPEC names no permission that gates one), so
// the list is for the modules, which gate their own features by it; empty while it is not known.
import { useCallback, useEffect, useRef } from 'react';
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

function isSessionRequest(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'ess:session-request';
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
  /** The frame's load events so far: 1 once the app's chosen URL has loaded, more once it navigated. */
  loads: number;
  /** Session requests seen; only the first is answered. */
  requests: number;
}

export interface SessionHandshake {
  /** Call on every load event of the frame (a navigation inside the frame is a new load). */
  onFrameLoad(): void;
}

/**
 * Answers the module's `ess:session-request`, once per module load (see the top of this file).
 * `frameKey` names one frame: a new key (a retry, another URL) starts a new handshake.
 */
export function useSessionHandshake(
  frame: RefObject<HTMLIFrameElement | null>,
  origin: string | undefined,
  frameKey: string,
  path: string,
  language: string,
): SessionHandshake {
  const state = useRef<FrameLoad>({ key: frameKey, loads: 0, requests: 0 });
  const current = useCallback(() => {
    if (state.current.key !== frameKey) state.current = { key: frameKey, loads: 0, requests: 0 };
    return state.current;
  }, [frameKey]);

  useEffect(() => {
    const targetOrigin = sessionTargetOrigin(origin);
    if (!targetOrigin) return;
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || event.origin !== targetOrigin || !isSessionRequest(event.data)) return;
      const load = current();
      load.requests += 1;
      // A request may arrive just before the first load event (a module asks while it is parsed), so
      // up to one load is this page; after a second one the frame shows another page.
      if (load.requests !== 1 || load.loads > 1) return;
      void sessionForModule(path).then((session) => {
        // The frame was replaced, or navigated on, while the token was being issued: it stays unsent.
        if (state.current !== load || load.loads > 1 || frame.current?.contentWindow !== target) return;
        const message: SessionMessage = { type: 'ess:session', ...session, language, permissions: storedPermissions() };
        target.postMessage(message, targetOrigin);
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, origin, path, language, current]);

  const onFrameLoad = useCallback(() => {
    current().loads += 1;
  }, [current]);
  return { onFrameLoad };
}
