import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, CHANGE_PASSWORD_PATH, HOME_PATH, LOGIN_PATH } from '../routes/app-routes.ts';
import { safePathOrHome, toSafePath } from './safe-path.ts';

// Values an attacker (a crafted redirect_to, a push's target_page, a deep link) could hand us, plus
// plain garbage: none may become anything but the home page.
const hostile: Array<[label: string, value: unknown]> = [
  ['protocol-relative', '//evil.example'],
  ['triple slash', '///evil.example'],
  ['slash backslash', '/\\evil.example'],
  ['double backslash', '\\\\evil.example'],
  ['single backslash', '\\evil.example'],
  ['absolute https URL', 'https://evil.example/home'],
  ['http without slashes', 'http:evil.example'],
  ['https with one slash', 'https:/evil.example'],
  ['javascript scheme', 'javascript:alert(1)'],
  ['mixed-case javascript scheme', 'JaVaScRiPt:alert(1)'],
  ['javascript after a space', ' javascript:alert(1)'],
  ['javascript split by a tab', 'java\tscript:alert(1)'],
  ['javascript split by a newline', 'java\nscript:alert(1)'],
  ['encoded javascript colon', 'javascript%3Aalert(1)'],
  ['encoded protocol-relative', '%2F%2Fevil.example'],
  ['slash then encoded slashes', '/%2F%2Fevil.example'],
  ['encoded dot segments', '/%2e%2e/login'],
  ['encoded dots after a route', '/home/%2e%2e'],
  ['dot segments escaping a route', '/home/../../evil'],
  ['leading dot segment', '/../home'],
  ['single-dot segment', '/./home'],
  ['data URL', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript scheme', 'vbscript:msgbox(1)'],
  ['file scheme', 'file:///etc/passwd'],
  ['blob URL', 'blob:https://evil.example/x'],
  ['mailto', 'mailto:a@b.c'],
  ['tel', 'tel:123'],
  ['scheme-like route with a port', 'home:8080'],
  ['unknown route', '/unknown-route'],
  ['known route with an extra segment', '/home/extra'],
  ['dot segments under chats', '/chats/chat/../../x'],
  ['call id made of dots', '/chat/chat-detail/video-call/..'],
  ['call id with markup', '/chat/chat-detail/video-call/<script>'],
  ['call id with an encoded slash', '/chat/chat-detail/video-call/a%2Fb'],
  ['call id missing', '/chat/chat-detail/video-call/'],
  ['call id as the literal pattern', '/chat/chat-detail/video-call/:chat_room_call_id'],
  ['NUL byte', '/login\u0000'],
  ['newline then protocol-relative', '/home\n//evil'],
  ['DEL character', '/home\u007f'],
  ['empty string', ''],
  ['whitespace only', '   \t  '],
  ['root only', '/'],
  ['3000-character path', `/home${'/a'.repeat(1500)}`],
  ['3000-character query on a valid route', `/home?x=${'a'.repeat(3000)}`],
  ['null', null],
  ['undefined', undefined],
  ['number', 42],
  ['boolean', true],
  ['object', { path: '/home' }],
  ['array', ['/home']],
  ['protocol-relative with encoded backslash', '//%5cevil.example'],
  ['encoded backslashes', '/%5c%5cevil.example'],
  ['space segment', '/ /evil'],
  ['userinfo-like segment', '/@evil.example'],
  ['hash-only route', '#/home'],
  ['query-only value', '?redirect=//evil.example'],
  ['leading tab then protocol-relative', '\t//evil.example'],
  ['uppercase route', '/HOME'],
  ['route with an empty middle segment', '/chats//chat'],
];

describe('toSafePath / safePathOrHome: hostile and invalid values', () => {
  it('covers at least 40 values', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(40);
  });

  it.each(hostile)('%s lands on /home', (_label, value) => {
    expect(toSafePath(value)).toBeNull();
    expect(safePathOrHome(value)).toBe('/home');
  });
});

describe('toSafePath: valid values', () => {
  const valid: Array<[input: string, expected: string]> = [
    ['home', '/home'],
    ['/home', '/home'],
    ['/home/', '/home'],
    ['  /home  ', '/home'],
    ['/home?tab=feed', '/home?tab=feed'],
    ['/home?tab=feed#latest', '/home?tab=feed#latest'],
    ['/home#latest', '/home#latest'],
    ['/chats/chat', '/chats/chat'],
    ['/qa-audit/home', '/qa-audit/home'],
    ['qa-audit/home', '/qa-audit/home'],
    ['/live-chat/chat-room', '/live-chat/chat-room'],
    ['/live-chat/create-group-chat', '/live-chat/create-group-chat'],
    ['/event-registration/ticket-details', '/event-registration/ticket-details'],
    ['/chat/chat-detail/video-call/123', '/chat/chat-detail/video-call/123'],
    ['/chat/chat-detail/video-call/abc-DEF_1.2', '/chat/chat-detail/video-call/abc-DEF_1.2'],
    ['/login', '/login'],
    ['/change-password', '/change-password'],
    ['/login?redirect_to=%2Fhome', '/login?redirect_to=%2Fhome'],
  ];

  it.each(valid)('%j becomes %j', (input, expected) => {
    expect(toSafePath(input)).toBe(expected);
    expect(safePathOrHome(input)).toBe(expected);
  });

  it('keeps a query that itself names another site: it stays a parameter of an internal path', () => {
    const result = toSafePath('/home?next=//evil.example');
    expect(result).toBe('/home?next=//evil.example');
    expect(new URL(result!, 'https://app.example').origin).toBe('https://app.example');
  });

  it('accepts a value of exactly the longest allowed size and refuses one character more', () => {
    const atLimit = `/home?x=${'a'.repeat(2048 - '/home?x='.length)}`;
    expect(atLimit).toHaveLength(2048);
    expect(toSafePath(atLimit)).toBe(atLimit);
    expect(toSafePath(`${atLimit}a`)).toBeNull();
  });

  it('refuses a call id longer than 128 characters', () => {
    expect(toSafePath(`/chat/chat-detail/video-call/${'1'.repeat(128)}`)).not.toBeNull();
    expect(toSafePath(`/chat/chat-detail/video-call/${'1'.repeat(129)}`)).toBeNull();
  });
});

describe('the route allowlist (APP_ROUTES)', () => {
  const concrete = (path: string) => path.replace(/:[^/]+/g, '7');

  it.each(APP_ROUTES.map((route) => [route.path]))('%s passes toSafePath', (path) => {
    expect(toSafePath(concrete(path))).toBe(`/${concrete(path)}`);
    expect(toSafePath(`/${concrete(path)}`)).toBe(`/${concrete(path)}`);
  });

  it('has no duplicate paths and no leading or trailing slash', () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[^/].*[^/]$|^[^/]$/);
  });

  it('holds every route SPEC §2 names', () => {
    const spec = [
      'login', 'change-password',
      'home', 'social', 'calendar', 'social-group', 'video-call', 'chats', 'call',
      'chats/detail', 'chats/create', 'chats/vote', 'chats/chat',
      'workspace', 'ess', 'online-meetings', 'bookings', 'qr-location-checkin', 'innovation-center', 'live-chat',
      'booking-cafeteria', 'ferry-management', 'hostel-management', 'activity-list', 'covid', 'one-stop-service-center',
      'gamification', 'employee-assets', 'work-space', 'my-voice', 'business-intelligence', 'dispatcher', 'qa-audit',
      'store-operations', 'store-operations-cp', 'faq', 'helpdesk', 'mpp', 'pick-work-location', 'employee-qr-scan',
      'office-tools-new', 'new-purchase-requisition', 'application-library', 'event-registration/home',
      'event-registration/ticket-details', 'event-registration/history', 'event-registration/list',
      'event-registration/waiting-room', 'event-registration/faq', 'budget-entry', 'roadshow', 'internal-vacancy',
      'attachment-view', 'service-rating', 'employee-confirmation', 'report', 'contract-license-system',
      'hub-invoicing', 'notification', 'chat', 'todo', 'messages/attendee', 'messages/direct-chat',
      'project-tracker', 'main', 'video-call/attendee', 'video-call/direct-video-call', 'work-anniversary-detail',
      'live-chat/chat-room', 'qa-audit/home', 'chat/chat-detail/video-call/:chat_room_call_id',
      'live-chat/create-group-chat',
    ];
    const paths = new Set<string>(APP_ROUTES.map((route) => route.path));
    expect(spec.filter((path) => !paths.has(path))).toEqual([]);
  });

  it('puts Home, Chat and Call routes in the tab shell and login screens outside it', () => {
    const shellOf = (path: string) => APP_ROUTES.find((route) => route.path === path)?.shell;
    for (const path of ['home', 'chats', 'call', 'chats/chat']) expect(shellOf(path)).toBe('tabs');
    expect(shellOf('login')).toBe('bare');
    expect(shellOf('change-password')).toBe('bare');
  });

  it('gives every route a distinct title key that English translates', () => {
    const en = JSON.parse(readFileSync(new URL('../../../public/assets/i18n/en.json', import.meta.url), 'utf8')) as {
      routes: Record<string, unknown>;
    };
    const keys = APP_ROUTES.map((route) => route.titleKey);
    expect(new Set(keys).size).toBe(keys.length);
    const missing = keys.filter((key) => typeof en.routes[key.replace(/^routes\./, '')] !== 'string');
    expect(missing).toEqual([]);
  });

  it('names the fixed landing paths as allowlisted routes', () => {
    expect(HOME_PATH).toBe('/home');
    expect(LOGIN_PATH).toBe('/login');
    expect(CHANGE_PASSWORD_PATH).toBe('/change-password');
    for (const path of [HOME_PATH, LOGIN_PATH, CHANGE_PASSWORD_PATH]) expect(toSafePath(path)).toBe(path);
  });
});
