// The ringtone of an incoming call (issue 12): a two-tone ring made with Web Audio, so there is no
// file to fetch, and vibration where the device allows it. A browser that blocks audio until the user
// taps says so: the screen then offers "Tap to hear" (resume), and ringing carries on visibly.
export type RingtoneState = 'playing' | 'blocked' | 'stopped';

export interface Ringtone {
  readonly state: RingtoneState | undefined;
  /** Resumes audio after a tap (autoplay policy). */
  unblock(): Promise<void>;
  stop(): void;
}

const RING_ON_S = 0.4;
const RING_GAP_S = 0.2;
const CYCLE_S = 3;
const VIBRATION: number[] = [400, 200, 400];

type AudioContextCtor = new () => AudioContext;

export function startRingtone(onState: (state: RingtoneState) => void, AudioCtor: AudioContextCtor | undefined = globalThis.AudioContext): Ringtone {
  // Told to onState once known (playing or blocked), then at each change.
  let state: RingtoneState | undefined;
  let context: AudioContext | undefined;
  let scheduledUntil = 0;
  let cycleTimer: ReturnType<typeof setInterval> | undefined;
  const setState = (next: RingtoneState) => {
    if (state === next) return;
    state = next;
    onState(next);
  };

  // Two bursts of 425 + 480 Hz per cycle, scheduled a cycle ahead on the audio clock.
  const schedule = () => {
    if (!context || context.state !== 'running') return;
    const start = Math.max(context.currentTime + 0.05, scheduledUntil);
    for (const offset of [0, RING_ON_S + RING_GAP_S]) {
      const gain = context.createGain();
      gain.gain.setValueAtTime(0, start + offset);
      gain.gain.linearRampToValueAtTime(0.15, start + offset + 0.02);
      gain.gain.setValueAtTime(0.15, start + offset + RING_ON_S - 0.02);
      gain.gain.linearRampToValueAtTime(0, start + offset + RING_ON_S);
      gain.connect(context.destination);
      for (const frequency of [425, 480]) {
        const oscillator = context.createOscillator();
        oscillator.frequency.value = frequency;
        oscillator.connect(gain);
        oscillator.start(start + offset);
        oscillator.stop(start + offset + RING_ON_S);
      }
    }
    scheduledUntil = start + CYCLE_S;
  };

  const vibrate = () => {
    // Browsers ignore vibration without a user gesture (or have none); that is fine, it is a bonus.
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION);
  };

  const tick = () => {
    schedule();
    vibrate();
  };

  const refreshState = () => {
    if (state === 'stopped' || !context) return;
    setState(context.state === 'running' ? 'playing' : 'blocked');
    if (context.state === 'running') schedule();
  };

  try {
    context = AudioCtor ? new AudioCtor() : undefined;
  } catch {
    context = undefined;
  }
  if (context) {
    context.onstatechange = refreshState;
    void context.resume().then(refreshState, refreshState);
    refreshState();
  } else {
    setState('blocked');
  }
  tick();
  cycleTimer = setInterval(tick, CYCLE_S * 1000);

  return {
    get state() {
      return state;
    },
    async unblock() {
      if (!context || state === 'stopped') return;
      await context.resume().catch(() => undefined);
      refreshState();
    },
    stop() {
      if (state === 'stopped') return;
      clearInterval(cycleTimer);
      cycleTimer = undefined;
      setState('stopped');
      if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(0);
      if (context) {
        context.onstatechange = null;
        void context.close().catch(() => undefined);
      }
    },
  };
}
