// The session starts and stops the live event polling (SPEC §4); the poller itself (long polling
// every 12.5 s, SPEC §7) belongs to the realtime feature, which registers it here. Until one is
// registered, start/stop only record the wanted state, and a poller registered later follows it.

export interface Poller {
  start(): void;
  stop(): void;
}

let poller: Poller | undefined;
let running = false;

export const polling = {
  start(): void {
    running = true;
    poller?.start();
  },
  stop(): void {
    running = false;
    poller?.stop();
  },
  isRunning(): boolean {
    return running;
  },
  register(next: Poller): () => void {
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
