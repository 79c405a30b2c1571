import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActiveSpeaker } from './active-speaker.ts';
import { cameraId, janusTestContext } from './testing/janus-test-context.ts';

let test: ReturnType<typeof janusTestContext>;

beforeEach(() => {
  test = janusTestContext();
});

afterEach(() => vi.unstubAllGlobals());

const talking = (id: number) => ({ videoroom: 'talking', id });
const stopped = (id: number) => ({ videoroom: 'stopped-talking', id });
const everyone = { has: () => true };

describe('who is talking', () => {
  it('lights whoever talks now, and keeps the last one who talked as the speaker', () => {
    const budi = test.publishCamera('57');
    const citra = test.publishCamera('58');
    const speaker = createActiveSpeaker(test.ctx);
    expect(speaker.heard(talking(citra))).toBe(true);
    expect(speaker.heard(talking(citra))).toBe(false);
    expect(speaker.isTalking(citra)).toBe(true);
    expect(speaker.isTalking(budi)).toBe(false);
    expect(speaker.current(everyone)).toBe('58');

    expect(speaker.heard(stopped(citra))).toBe(true);
    expect(speaker.isTalking(citra)).toBe(false);
    expect(speaker.current(everyone)).toBe('58');

    speaker.heard(talking(budi));
    expect(speaker.current(everyone)).toBe('57');
  });

  it('never names us, nor a feed the roster does not name, nor one the room never announced', () => {
    test.ctx.feeds.set(cameraId('42'), { id: cameraId('42'), devices: {}, streams: [], order: 0 });
    test.ctx.feeds.set(999_001, { id: 999_001, devices: {}, streams: [], order: 1 });
    const speaker = createActiveSpeaker(test.ctx);
    speaker.heard(talking(cameraId('42')));
    speaker.heard(talking(999_001));
    speaker.heard(talking(cameraId('57')));
    expect(speaker.current(everyone)).toBeUndefined();
  });

  it('names the speaker only while the call shows them', () => {
    const citra = test.publishCamera('58');
    const speaker = createActiveSpeaker(test.ctx);
    speaker.heard(talking(citra));
    expect(speaker.current(new Set(['57']))).toBeUndefined();
    expect(speaker.current(new Set(['57', '58']))).toBe('58');
  });

  it('takes no other room news for talking', () => {
    const citra = test.publishCamera('58');
    const speaker = createActiveSpeaker(test.ctx);
    expect(speaker.heard({ videoroom: 'event', id: citra, display: '{}' })).toBe(false);
    expect(speaker.isTalking(citra)).toBe(false);
  });

  it('forgets a leaver’s talking; a lost session ends all talking but keeps the speaker; leaving forgets the speaker', () => {
    const budi = test.publishCamera('57');
    const citra = test.publishCamera('58');
    const speaker = createActiveSpeaker(test.ctx);
    speaker.heard(talking(budi));
    speaker.heard(talking(citra));
    speaker.forget(budi);
    expect(speaker.isTalking(budi)).toBe(false);
    speaker.clear();
    expect(speaker.isTalking(citra)).toBe(false);
    expect(speaker.current(everyone)).toBe('58');
    speaker.reset();
    expect(speaker.current(everyone)).toBeUndefined();
  });
});
