// The session starts and stops the live event polling (SPEC §4); the poller itself (long polling every
// 12.5 s, SPEC §7) is the realtime connections, which load later and register with it. Until one is
// registered, start/stop only record the wanted state, and a poller registered later follows it. One
// per app, created by src/app with the session and handed to both (no module state).

export interface Poller {
  start(): void;
  stop(): void;
}

export interface PollingControl extends Poller {
  isRunning(): boolean;
  /** The poller from now on (the previous one is stopped); returns the withdrawal, which stops it. */
  register(next: Poller): () => void;
}

export function createPollingControl(): PollingControl {
  let poller: Poller | undefined;
  let running = false;
  return {
    start() {
      running = true;
      poller?.start();
    },
    stop() {
      running = false;
      poller?.stop();
    },
    isRunning: () => running,
    register(next) {
      poller?.stop();
      poller = next;
      if (running) next.start();
      return () => {
        if (poller === next) {
          next.stop();
          poller = undefined;
        }
      };
    },
  };
}
