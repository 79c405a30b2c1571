// A lost Janus session (the socket dropped, or the server kicked our publisher): everything of the
// session goes (tearDown), the others stay on screen as reconnecting, and the call joins again by itself
// after 0.5, 1, 2, 4 and 8 s, each time with the newest place the call's answer gives; then, or at once
// when Janus refuses the place (no longer in the room's ACL), it gives up and shows them as failed.
// What else survives: which videos the screen shows, the last speaker, the own microphone and camera.
import type { JanusCallContext } from './janus-context.ts';
import { JanusError } from './janus-connection.ts';

/** How often a lost connection to Janus is tried again before the call gives up on it. */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000];
/** Not in the room's ACL (the member's place was taken away), or a wrong pin. */
const UNAUTHORIZED = 433;

export interface ReconnectionDeps {
  /** Ends everything of the session (its connections, the room as it was heard). */
  tearDown(): void;
  /** Asks for the call's newest answer (the place to join with). */
  refresh(): Promise<void>;
  /** Opens a session and joins the room again, for this attempt. */
  connect(current: number): Promise<void>;
}

export interface Reconnection {
  /** The session of this attempt was lost: join again. */
  lost(current: number): void;
  /** No try pending any more (left, or torn down). */
  stop(): void;
}

export function createReconnection(ctx: JanusCallContext, deps: ReconnectionDeps): Reconnection {
  const state = { timer: undefined as ReturnType<typeof setTimeout> | undefined };

  const giveUp = () => ctx.media.set({ joined: false, remotes: ctx.media.getState().remotes.map((remote) => ({ ...remote, state: 'failed' as const })) });

  function reconnect(current: number, tries: number) {
    if (current !== ctx.attempt) return;
    const people = ctx.media.getState().remotes.map((remote) => ({ ...remote, state: 'reconnecting' as const }));
    deps.tearDown();
    ctx.media.set({ remotes: people });
    const delay = RECONNECT_DELAYS_MS[tries];
    if (delay === undefined) {
      giveUp();
      return;
    }
    state.timer = setTimeout(() => {
      // The newest place first: a kick may have come with a new one, or none (then Janus says 433).
      deps
        .refresh()
        .then(() => deps.connect(current))
        .catch((error: unknown) => {
          if (current !== ctx.attempt) return;
          if (error instanceof JanusError && error.code === UNAUTHORIZED) {
            deps.tearDown();
            giveUp();
            return;
          }
          reconnect(current, tries + 1);
        });
    }, delay);
  }

  return {
    lost: (current) => reconnect(current, 0),
    stop() {
      clearTimeout(state.timer);
      state.timer = undefined;
    },
  };
}
