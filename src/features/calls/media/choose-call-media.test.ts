import { describe, expect, it } from 'vitest';
import { janusServerOf } from './choose-call-media.ts';

const PAGE = 'https://ess.company.example/chat/chat-detail/video-call/9101';
const FEEDS = [
  { id: 501, user_id: 42, kind: 'camera' },
  { id: 502, user_id: 42, kind: 'screen' },
  { id: 601, user_id: 57, kind: 'camera' },
  { id: 602, user_id: 57, kind: 'screen' },
];
const media = (more: Record<string, unknown>) => ({ kind: 'janus', url: '/janus', room: 77, pin: 'p', token: 't', join_token: 'j', camera_feed_id: 501, screen_feed_id: 502, feeds: FEEDS, capacity: 100, ...more });
const ROSTER = new Map([
  [501, { user: '42', kind: 'camera' }],
  [502, { user: '42', kind: 'screen' }],
  [601, { user: '57', kind: 'camera' }],
  [602, { user: '57', kind: 'screen' }],
]);

describe('which media server a call answer may name', () => {
  it('takes a path on the app’s own origin as its websocket', () => {
    expect(janusServerOf(media({}), PAGE, [])).toEqual({
      url: 'wss://ess.company.example/janus',
      room: 77,
      pin: 'p',
      token: 't',
      capacity: 100,
      joinToken: 'j',
      cameraFeedId: 501,
      screenFeedId: 502,
      roster: ROSTER,
    });
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
    expect(janusServerOf(media({ capacity: null, pin: null, token: null, join_token: null }), PAGE, [])).toMatchObject({ capacity: 100, pin: undefined, token: undefined, joinToken: undefined });
  });

  it('uses the mesh without the member’s own feed id or the roster (who is who must come from the server, issue 33)', () => {
    expect(janusServerOf(media({ camera_feed_id: undefined }), PAGE, [])).toBeUndefined();
    expect(janusServerOf(media({ camera_feed_id: 2 ** 53 }), PAGE, [])).toBeUndefined();
    expect(janusServerOf(media({ feeds: undefined }), PAGE, [])).toBeUndefined();
    expect(janusServerOf(media({ feeds: null }), PAGE, [])).toBeUndefined();
  });

  it('reads the roster strictly: a malformed entry names nobody, and an id listed twice names nobody', () => {
    const roster = janusServerOf(
      media({
        feeds: [
          ...FEEDS,
          { id: 701, user_id: 58, kind: 'camera' },
          { id: 701, user_id: 59, kind: 'camera' },
          { id: 702, user_id: '59', kind: 'camera' },
          { id: 703, user_id: 59, kind: 'speaker' },
          { id: -1, user_id: 59, kind: 'camera' },
          null,
        ],
      }),
      PAGE,
      [],
    )!.roster;
    expect(roster).toEqual(ROSTER);
  });
});
