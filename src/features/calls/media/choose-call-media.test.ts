import { describe, expect, it } from 'vitest';
import { janusServerOf } from './choose-call-media.ts';

const PAGE = 'https://ess.company.example/chat/chat-detail/video-call/9101';
const media = (more: Record<string, unknown>) => ({ kind: 'janus', url: '/janus', room: 77, pin: 'p', token: 't', capacity: 100, ...more });

describe('which media server a call answer may name', () => {
  it('takes a path on the app’s own origin as its websocket', () => {
    expect(janusServerOf(media({}), PAGE, [])).toEqual({ url: 'wss://ess.company.example/janus', room: 77, pin: 'p', token: 't', capacity: 100 });
    expect(janusServerOf(media({}), 'http://127.0.0.1:5173/call', [])?.url).toBe('ws://127.0.0.1:5173/janus');
  });

  it('takes an absolute websocket only on an origin the deployment lists', () => {
    expect(janusServerOf(media({ url: 'wss://sfu.company.example/janus' }), PAGE, ['https://sfu.company.example'])?.url).toBe('wss://sfu.company.example/janus');
    expect(janusServerOf(media({ url: 'wss://sfu.company.example/janus' }), PAGE, ['wss://sfu.company.example'])?.url).toBe('wss://sfu.company.example/janus');
    expect(janusServerOf(media({ url: 'wss://evil.example/janus' }), PAGE, ['https://sfu.company.example'])).toBeUndefined();
    // A listed https origin does not allow plain ws to the same host.
    expect(janusServerOf(media({ url: 'ws://sfu.company.example/janus' }), PAGE, ['https://sfu.company.example'])).toBeUndefined();
  });

  it('refuses what is not a Janus room it can reach: no answer, another kind, a protocol-relative or http URL, a bad room', () => {
    expect(janusServerOf(undefined, PAGE, [])).toBeUndefined();
    expect(janusServerOf(null, PAGE, [])).toBeUndefined();
    expect(janusServerOf(media({ kind: 'livekit' }), PAGE, [])).toBeUndefined();
    expect(janusServerOf(media({ url: '//evil.example/janus' }), PAGE, [])).toBeUndefined();
    expect(janusServerOf(media({ url: 'https://sfu.company.example/janus' }), PAGE, ['https://sfu.company.example'])).toBeUndefined();
    expect(janusServerOf(media({ url: 'javascript:alert(1)' }), PAGE, [])).toBeUndefined();
    expect(janusServerOf(media({ room: 1.5 }), PAGE, [])).toBeUndefined();
    expect(janusServerOf(media({ room: '77' }), PAGE, [])).toBeUndefined();
  });

  it('defaults the capacity and drops empty pin and token', () => {
    expect(janusServerOf(media({ capacity: null, pin: null, token: null }), PAGE, [])).toMatchObject({ capacity: 100, pin: undefined, token: undefined });
  });
});
