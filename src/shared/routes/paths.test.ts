import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, CHANGE_PASSWORD_PATH, HOME_PATH, LOGIN_PATH } from './app-routes.ts';
import * as paths from './paths.ts';

/** The route of the table an address opens, or undefined. */
const routeOf = (address: string) => {
  const pathname = new URL(address, 'https://app.example').pathname;
  return APP_ROUTES.find((route) => matchPath({ path: `/${route.path}`, end: true }, pathname))?.path;
};

describe('paths', () => {
  it('builds each address of the route it names', () => {
    expect(paths.home).toBe(HOME_PATH);
    expect(paths.login).toBe(LOGIN_PATH);
    expect(paths.changePassword).toBe(CHANGE_PASSWORD_PATH);
    expect(paths.notification).toBe('/notification');
    expect(paths.callTab).toBe('/call');
    expect(paths.callScreen(42)).toBe('/chat/chat-detail/video-call/42');
    expect(paths.callAttendees(42)).toBe('/video-call/attendee?chat_room_call_id=42');
    expect(paths.chatList('v2')).toBe('/chats');
    expect(paths.chatList('v1')).toBe('/live-chat');
    expect(paths.chatRoom('v2', 'room-1')).toBe('/chats/chat?uuid=room-1');
    expect(paths.chatRoom('v1', 'room-1')).toBe('/live-chat/chat-room?uuid=room-1');
    expect(paths.chatDetail('room-1')).toBe('/chats/detail?uuid=room-1');
    expect(paths.chatVote('room-1')).toBe('/chats/vote?uuid=room-1');
    expect(paths.chatCreate('v2')).toBe('/chats/create');
    expect(paths.chatCreate('v1')).toBe('/live-chat/create-group-chat');
    expect(paths.startCall).toBe('/video-call/direct-video-call');
    expect(paths.attachmentView('v1', 'room-1', 'msg-9')).toBe('/attachment-view?uuid=room-1&message=msg-9&family=v1');
    expect(paths.attachmentView('v2', 'room-1', 'msg-9')).toBe('/attachment-view?uuid=room-1&message=msg-9&family=v2');
    expect(paths.route('online-meetings')).toBe('/online-meetings');
    expect(paths.employeeQrScan).toBe('/employee-qr-scan');
    expect(paths.qrLocationCheckIn()).toBe('/qr-location-checkin');
    expect(paths.qrLocationCheckIn('JKT-HQ-L1')).toBe('/qr-location-checkin?location=JKT-HQ-L1');
    expect(paths.qrLocationCheckIn('a&b=c#d')).toBe('/qr-location-checkin?location=a%26b%3Dc%23d');
  });

  it('every address it builds opens a route of the table, the one it names', () => {
    const built: Array<[string, string]> = [
      [paths.home, 'home'],
      [paths.login, 'login'],
      [paths.changePassword, 'change-password'],
      [paths.notification, 'notification'],
      [paths.callTab, 'call'],
      [paths.callScreen('7'), 'chat/chat-detail/video-call/:chat_room_call_id'],
      [paths.callAttendees(7), 'video-call/attendee'],
      [paths.chatList('v1'), 'live-chat'],
      [paths.chatList('v2'), 'chats'],
      [paths.chatRoom('v1', 'r'), 'live-chat/chat-room'],
      [paths.chatRoom('v2', 'r'), 'chats/chat'],
      [paths.chatDetail('r'), 'chats/detail'],
      [paths.chatVote('r'), 'chats/vote'],
      [paths.chatCreate('v1'), 'live-chat/create-group-chat'],
      [paths.chatCreate('v2'), 'chats/create'],
      [paths.startCall, 'video-call/direct-video-call'],
      [paths.attachmentView('v2', 'r', 'm'), 'attachment-view'],
      [paths.employeeQrScan, 'employee-qr-scan'],
      [paths.qrLocationCheckIn(), 'qr-location-checkin'],
      [paths.qrLocationCheckIn('JKT-HQ-L1'), 'qr-location-checkin'],
    ];
    for (const [address, route] of built) expect(routeOf(address), address).toBe(route);
  });

  it('encodes what it puts in an address, so a value cannot add a segment, a parameter or a fragment', () => {
    const hostile = 'a/../b?x=1&uuid=evil#top';
    expect(paths.chatRoom('v2', hostile)).toBe('/chats/chat?uuid=a%2F..%2Fb%3Fx%3D1%26uuid%3Devil%23top');
    expect(new URLSearchParams(paths.chatRoom('v2', hostile).split('?')[1]).getAll('uuid')).toEqual([hostile]);
    expect(paths.callScreen(hostile)).toBe('/chat/chat-detail/video-call/a%2F..%2Fb%3Fx%3D1%26uuid%3Devil%23top');
    expect(routeOf(paths.callScreen(hostile))).toBe('chat/chat-detail/video-call/:chat_room_call_id');
    expect(paths.chatDetail('ü 1')).toBe('/chats/detail?uuid=%C3%BC%201');
    const viewer = new URLSearchParams(paths.attachmentView('v1', hostile, hostile).split('?')[1]);
    expect([viewer.getAll('uuid'), viewer.getAll('message'), viewer.getAll('family')]).toEqual([[hostile], [hostile], ['v1']]);
  });

  it('refuses, at compile time, a route that is not in the table or a parameter it does not have', () => {
    // @ts-expect-error: not a route
    expect(paths.route('homee')).toBe('/homee');
    // @ts-expect-error: a route with a parameter needs routeWith
    paths.route('chat/chat-detail/video-call/:chat_room_call_id');
    // @ts-expect-error: the route has no such parameter
    paths.routeWith('chat/chat-detail/video-call/:chat_room_call_id', { id: 1 });
  });

  it('tells the chat family from an address', () => {
    expect(paths.chatVersionOf('/live-chat/chat-room')).toBe('v1');
    expect(paths.chatVersionOf('/live-chat')).toBe('v1');
    expect(paths.chatVersionOf('/chats/chat')).toBe('v2');
  });
});
