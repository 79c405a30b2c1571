// Session handoff to a web module. ASSUMPTION: the spec does not show how the company's web modules
// receive the session; this app posts `{ type: 'ess:session', accessToken, language }` to the
// module's window when it loads, and answers `{ type: 'ess:session-request' }` from that window
// (modules that load slowly ask). Messages go to the module URL's own origin only, never '*', and
// messages from any other window or origin are ignored, so the token never reaches a page that
// navigated away or a foreign frame.
import { useEffect } from 'react';
import type { RefObject } from 'react';
import { getAccessToken } from '../../api/client.ts';

export interface SessionMessage {
  type: 'ess:session';
  accessToken: string | null;
  language: string;
}

function isSessionRequest(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'ess:session-request';
}

/** The origin a session may be posted to; an opaque origin ('null') cannot be addressed, so none. */
export function sessionTargetOrigin(origin: string | undefined): string | undefined {
  return origin && origin !== 'null' ? origin : undefined;
}

/** Posts the session to a module window, addressed to the module's origin only. */
export function postSession(target: Window | null | undefined, origin: string | undefined, language: string): void {
  const targetOrigin = sessionTargetOrigin(origin);
  if (!target || !targetOrigin) return;
  const message: SessionMessage = { type: 'ess:session', accessToken: getAccessToken() ?? null, language };
  target.postMessage(message, targetOrigin);
}

/** Answers `ess:session-request` from the frame's own window and the module's origin. */
export function useSessionRequests(frame: RefObject<HTMLIFrameElement | null>, origin: string | undefined, language: string): void {
  useEffect(() => {
    const targetOrigin = sessionTargetOrigin(origin);
    if (!targetOrigin) return;
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || event.origin !== targetOrigin) return;
      if (isSessionRequest(event.data)) postSession(target, targetOrigin, language);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, origin, language]);
}
