import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target.ts';

describe('notificationTarget (SPEC §2: target_page with nav_params, through safe-path)', () => {
  it.each([
    ['/chats', null, '/chats'],
    ['chats', null, '/chats'],
    ['qa-audit/home', undefined, '/qa-audit/home'],
    ['/live-chat/chat-room', { uuid: '0b9f1c52-7d0e-4c4e-9a57-3f1d2a6b8c10' }, '/live-chat/chat-room?uuid=0b9f1c52-7d0e-4c4e-9a57-3f1d2a6b8c10'],
    ['/chats/chat', { uuid: 'r 1&x=2', page: 3, pinned: true }, '/chats/chat?uuid=r+1%26x%3D2&page=3&pinned=true'],
    ['/home?tab=1', { id: 9 }, '/home?tab=1&id=9'],
    // A mention (issue 37): the room at the message.
    ['/chats/chat', { uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7', message: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70' }, '/chats/chat?uuid=7c9e6679-7425-40de-944b-e07fc1f90ae7&message=d4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70'],
  ])('%s with %j opens %s', (target_page, nav_params, expected) => {
    expect(notificationTarget({ target_page, nav_params })).toBe(expected);
  });

  it('leaves out nav_params that are not plain values', () => {
    expect(notificationTarget({ target_page: '/chats/chat', nav_params: { uuid: 'r-1', nested: { a: 1 }, list: [1, 2], nothing: null } })).toBe('/chats/chat?uuid=r-1');
  });

  it.each(['https://evil.example', '//evil.example', 'javascript:alert(1)', '/unknown-route', '/chats/../../evil', '\\\\evil.example', '%2F%2Fevil.example'])(
    'a hostile or unknown target (%s) lands on /home',
    (target_page) => {
      expect(notificationTarget({ target_page, nav_params: { uuid: 'x' } })).toBe('/home');
      expect(notificationTarget({ target_page, nav_params: null })).toBe('/home');
    },
  );

  it.each([null, undefined, '', '   '])('no target (%j) opens nothing', (target_page) => {
    expect(notificationTarget({ target_page, nav_params: { uuid: 'x' } })).toBeNull();
  });
});
