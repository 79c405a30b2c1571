import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRingtone, type RingtoneState } from './ringtone.ts';

/** Just enough of an AudioContext: a state the test sets, and a count of the tones scheduled. */
function fakeAudio(initial: AudioContextState) {
  const tones: number[] = [];
  class FakeAudioContext {
    state: AudioContextState = initial;
    currentTime = 0;
    destination = {};
    onstatechange: (() => void) | null = null;
    static latest: FakeAudioContext;
    allowResume = initial === 'running';
    closed = false;
    constructor() {
      FakeAudioContext.latest = this;
    }
    async resume() {
      if (!this.allowResume) throw new DOMException('not allowed', 'NotAllowedError');
      this.state = 'running';
      this.onstatechange?.();
    }
    async close() {
      this.closed = true;
    }
    createGain() {
      return { gain: { setValueAtTime() {}, linearRampToValueAtTime() {} }, connect() {} };
    }
    createOscillator() {
      return { frequency: { value: 0 }, connect() {}, start: (at: number) => tones.push(at), stop() {} };
    }
  }
  return { AudioContext: FakeAudioContext as unknown as new () => AudioContext, tones, latest: () => FakeAudioContext.latest };
}

afterEach(() => vi.useRealTimers());

describe('the ringtone', () => {
  it('plays two-tone rings when sound is allowed, again every cycle, and stops cleanly', async () => {
    vi.useFakeTimers();
    const audio = fakeAudio('running');
    const states: RingtoneState[] = [];
    const ring = startRingtone((state) => states.push(state), audio.AudioContext);
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['playing']);
    const first = audio.tones.length;
    expect(first).toBeGreaterThanOrEqual(4); // two bursts of two tones
    await vi.advanceTimersByTimeAsync(3000);
    expect(audio.tones.length).toBeGreaterThan(first);
    ring.stop();
    expect(states.at(-1)).toBe('stopped');
    expect(audio.latest().closed).toBe(true);
    const stoppedAt = audio.tones.length;
    await vi.advanceTimersByTimeAsync(6000);
    expect(audio.tones.length).toBe(stoppedAt);
  });

  it('says "blocked" when the browser holds sound back, and plays once a tap unblocks it', async () => {
    const audio = fakeAudio('suspended');
    const states: RingtoneState[] = [];
    const ring = startRingtone((state) => states.push(state), audio.AudioContext);
    await new Promise((settle) => setTimeout(settle, 0));
    expect(states).toEqual(['blocked']);
    expect(audio.tones).toEqual([]);
    audio.latest().allowResume = true; // the tap
    await ring.unblock();
    expect(states.at(-1)).toBe('playing');
    expect(audio.tones.length).toBeGreaterThan(0);
    ring.stop();
  });

  it('without Web Audio at all it says blocked, never throws', () => {
    const states: RingtoneState[] = [];
    const ring = startRingtone((state) => states.push(state), undefined);
    expect(states).toEqual(['blocked']);
    ring.stop();
  });
});
