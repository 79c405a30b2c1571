// What the Janus tests share: a real Janus (Debian's, installed when missing where it can be, as
// `npm test` installs Chromium) and a member's way in: a session with a token, a VideoRoom handle,
// a publisher's join.
import { JanusSession } from '../../../mocks/janus/client.ts';
import { ensureJanus } from '../../../mocks/janus/install.ts';
import { startJanus, type RunningJanus } from '../../../mocks/janus/server.ts';
import { VIDEOROOM_PLUGIN } from '../../../mocks/janus/token.ts';

/** A Janus of its own for a test file; fails (never skips) where Janus cannot run, saying why. */
export async function startTestJanus(): Promise<RunningJanus> {
  const binary = ensureJanus();
  if (!binary) throw new Error('Janus is not installed: apt-get install janus (npm test and .ci/run install it as root)');
  return startJanus({ binary, log: (line) => console.warn(line) });
}

/** A member's session and VideoRoom handle, with the token the call's `media` gives them. */
export async function memberHandle(url: string, token: string | undefined): Promise<{ session: JanusSession; handle: number }> {
  const session = await JanusSession.create(url, { token });
  try {
    return { session, handle: await session.attach(VIDEOROOM_PLUGIN) };
  } catch (error) {
    await session.destroy();
    throw error;
  }
}

/**
 * Joins a room as a publisher (no SDP needed to join) and returns Janus's `joined` event. `joinToken` is
 * the member's ACL token (the join's `token`), `id` the publisher id asked for.
 */
export async function joinAsPublisher(
  url: string,
  { room, pin, token, display, joinToken, id }: { room: number; pin?: string | null; token?: string | null; display: string; joinToken?: string | null; id?: number },
) {
  const { session, handle } = await memberHandle(url, token ?? undefined);
  // Watched before the join is sent: a backend that kicks at once can tell the session before the join's answer is read.
  const kicked = kickedFrom(session);
  try {
    const joined = await session.message(handle, { request: 'join', ptype: 'publisher', room, display, ...(pin ? { pin } : {}), ...(joinToken ? { token: joinToken } : {}), ...(id === undefined ? {} : { id }) });
    return { session, handle, joined: joined.data, kicked };
  } catch (error) {
    await session.destroy();
    throw error;
  }
}

/** Resolves when Janus tells this session that one of its publishers was kicked (`leaving: ok`, `reason: kicked`). */
function kickedFrom(session: JanusSession): { promise: Promise<void>; readonly kicked: boolean } {
  let kicked = false;
  const promise = new Promise<void>((resolveKicked) => {
    const stop = session.connection.onMessage((message) => {
      const data = (message.plugindata as { data?: Record<string, unknown> } | undefined)?.data;
      if (message.janus === 'event' && data?.leaving === 'ok' && data.reason === 'kicked') {
        kicked = true;
        stop();
        resolveKicked();
      }
    });
  });
  return {
    promise,
    get kicked() {
      return kicked;
    },
  };
}
