// The notifications sandbox (mocks/sandbox/notifications.ts, devices.ts): every employee's own 45
// notifications, 20 a page; marking one read lowers that employee's unread count and nobody else's;
// a fixed pending approvals count; save-device recorded and listed at /__sandbox/devices. Every
// answer is checked against the generated zod schema of its operation (errors against ErrorBody).
// Prism is not needed: the sandbox answers all of these itself, so it points at a closed port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as httpZod from '../../generated/http/zod.gen.ts';
import { DIRECT_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { MENTION_TARGET, NOTIFICATIONS_PER_USER, PENDING_APPROVALS, UNREAD_POSITIONS } from '../../mocks/sandbox/notifications.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { listOperations, readJson } from '../../scripts/lib/contract-examples.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

type Json = Record<string, unknown>;
interface Notification {
  id: number;
  title: string;
  body: string | null;
  target_page: string | null;
  nav_params: Record<string, unknown> | null;
  read_at: string | null;
  created_at: string;
}
interface NotificationPage {
  data: Notification[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

const NO_PRISM = 'http://127.0.0.1:9';
const AYU = 'Bearer contract-example-token';
const OPERATIONS = ['getNotifications', 'markNotificationRead', 'getUnreadNotificationCount', 'getPendingApprovals', 'saveDevice'];
let budi = '';
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0 });
  budi = await signIn(sandbox.url, 'budi.santoso');
});

afterAll(() => sandbox?.stop());

async function raw(path: string, init: { token?: string; method?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = init.token;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${sandbox.url}${path}`, {
    method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: response.status, source: response.headers.get('x-mock-source'), body: (await response.json()) as Json };
}

/** A successful answer of the sandbox's own, valid for its operation's generated schema. */
async function call<T = Json>(operationId: string, path: string, init: { token?: string; method?: string; json?: unknown } = {}): Promise<T> {
  const { status, source, body } = await raw(path, { token: AYU, ...init });
  expect(status, `${operationId} ${JSON.stringify(body)}`).toBe(200);
  expect(source).toBe('sandbox');
  expect(body.error).toBe(false);
  responseSchema(operationId).parse(body);
  return body as T;
}

/** A refusal of the sandbox's own: the status and the contract's error envelope. */
async function refusal(path: string, status: number, init: { token?: string; method?: string; json?: unknown } = {}) {
  const answer = await raw(path, { token: AYU, ...init });
  expect(answer.status).toBe(status);
  expect(answer.source).toBe('sandbox');
  httpZod.zErrorBody.parse(answer.body);
  return answer.body;
}

const listPage = (page: number, token = AYU) => call<NotificationPage>('getNotifications', `/notification/list?page=${page}`, { token });
const unreadCount = async (token = AYU) =>
  (await call<{ notification_unread_counts: number }>('getUnreadNotificationCount', '/notification/unread/count', { token })).notification_unread_counts;
const markRead = (id: number, token = AYU) => call<{ message: string }>('markNotificationRead', `/notification/${id}/read`, { token, method: 'POST' });

async function everyNotification(token = AYU): Promise<Notification[]> {
  const first = await listPage(1, token);
  const pages = [first];
  for (let page = 2; page <= first.meta.last_page; page += 1) pages.push(await listPage(page, token));
  return pages.flatMap((page) => page.data);
}

describe('the notification list', () => {
  it('pages 45 notifications 20 at a time, newest first, each id once', async () => {
    const pages = [await listPage(1), await listPage(2), await listPage(3)];
    expect(pages.map((page) => page.data.length)).toEqual([20, 20, 5]);
    expect(pages.map((page) => page.meta)).toEqual([1, 2, 3].map((current_page) => ({ current_page, last_page: 3, per_page: 20, total: NOTIFICATIONS_PER_USER })));
    const all = pages.flatMap((page) => page.data);
    expect(new Set(all.map((notification) => notification.id)).size).toBe(NOTIFICATIONS_PER_USER);
    const times = all.map((notification) => Date.parse(notification.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Past the last page: an empty page, still contract-shaped.
    expect((await listPage(4)).data).toEqual([]);
  });

  it('holds read and unread ones, and the targets a backend sends (the app\'s own routes, never a foreign address)', async () => {
    const all = await everyNotification(budi);
    expect(all.filter((notification) => notification.read_at === null)).toHaveLength(UNREAD_POSITIONS.size);
    expect(all.filter((notification) => notification.read_at !== null).length).toBeGreaterThan(30);
    const targets = all.map((notification) => notification.target_page);
    expect(targets).toEqual(expect.arrayContaining(['/chats/chat', 'chats', '/live-chat/chat-room', '/home', 'ess', null]));
    expect(targets.filter((target) => target !== null && /:|\/\//.test(target))).toEqual([]);
    // Budi is in "Tim Operasional Jakarta": his mention opens that room at the message.
    expect(all[0]).toMatchObject({ title: 'Budi Santoso mentioned you', ...MENTION_TARGET });
    expect(all.find((notification) => notification.target_page === '/live-chat/chat-room')?.nav_params).toEqual({ uuid: DIRECT_ROOM_UUID });
    expect(await unreadCount(budi)).toBe(UNREAD_POSITIONS.size);
  });
});

describe('marking a notification read', () => {
  it('lowers the unread count by one, shows read_at in the list, and only once', async () => {
    const before = await unreadCount();
    const target = (await listPage(1)).data.find((notification) => notification.read_at === null)!;
    expect((await markRead(target.id)).message).toBe('Notification marked as read.');
    expect(await unreadCount()).toBe(before - 1);
    const after = (await listPage(1)).data.find((notification) => notification.id === target.id)!;
    expect(Date.parse(after.read_at!)).not.toBeNaN();

    await markRead(target.id);
    expect(await unreadCount()).toBe(before - 1);
  });

  it('is per employee: Ayu marking hers leaves Budi’s count, and neither can mark the other’s', async () => {
    const budiBefore = await unreadCount(budi);
    const ayus = (await listPage(1)).data.filter((notification) => notification.read_at === null);
    await markRead(ayus[0]!.id);
    expect(await unreadCount(budi)).toBe(budiBefore);

    const budis = (await listPage(1, budi)).data;
    const ayuIds = new Set(ayus.map((n) => n.id));
    expect(budis.filter((n) => ayuIds.has(n.id))).toEqual([]);
    await refusal(`/notification/${budis[0]!.id}/read`, 404, { method: 'POST' });
    expect(await refusal('/notification/999999/read', 404, { method: 'POST' })).toMatchObject({ error: true, status_code: 404, error_message: 'Notification not found.' });
  });
});

describe('counters', () => {
  it('answers a fixed pending approvals count', async () => {
    const answer = await call<{ total_approval: number }>('getPendingApprovals', '/notification/approvals/pending');
    expect(answer.total_approval).toBe(PENDING_APPROVALS);
  });

  it('asks for the bearer token as the backend does', async () => {
    for (const path of ['/notification/list', '/notification/unread/count', '/notification/approvals/pending']) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(401);
      httpZod.zErrorBody.parse(answer.body);
    }
  });
});

describe('push device registration', () => {
  const subscription = {
    endpoint: 'https://push.example/send/abc123',
    expirationTime: null,
    keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
  };

  it('records user_id, push_token and the time, lists them at /__sandbox/devices, and counts a repeat', async () => {
    const body = { user_id: 43, push_token: JSON.stringify(subscription) };
    httpZod.zSaveDeviceRequest.parse(body);
    const started = Date.now();
    expect((await call<{ message: string }>('saveDevice', '/onesignal/save-device', { token: budi, json: body })).message).toBe('Device saved.');

    const listed = async () => ((await (await fetch(`${sandbox.url}/__sandbox/devices`)).json()) as { devices: Json[] }).devices;
    const [device] = (await listed()).filter((entry) => entry.user_id === 43);
    expect(device).toMatchObject({ ...body, endpoint: subscription.endpoint, signed_in_user_id: 43, times: 1 });
    expect(Date.parse(String(device!.registered_at))).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);

    await call('saveDevice', '/onesignal/save-device', { token: budi, json: body });
    expect((await listed()).filter((entry) => entry.user_id === 43)).toEqual([expect.objectContaining({ times: 2 })]);
  });

  it.each([
    ['no push token', { user_id: 42 }],
    ['an empty push token', { user_id: 42, push_token: ' ' }],
    ['a user id that is not a number', { user_id: 'abc', push_token: 'x' }],
  ])('refuses %s with 422', async (_label, body) => {
    await refusal('/onesignal/save-device', 422, { json: body });
  });
});

describe('the route table', () => {
  it('answers these operations under their contract method and path; /__sandbox/devices is the sandbox’s own', () => {
    const operations = new Map(listOperations(readJson('generated/openapi.bundled.json')).map((operation) => [operation.operationId, operation]));
    const routes = sandbox.routes.filter((route) => OPERATIONS.includes(route.operationId ?? ''));
    expect(routes.map((route) => route.operationId).sort()).toEqual([...OPERATIONS].sort());
    for (const route of routes) {
      const operation = operations.get(route.operationId!)!;
      expect(route.method).toBe(operation.method);
      expect(route.path).toBe(operation.path.replace(/\{([^}]+)\}/g, ':$1'));
    }
    const devices = sandbox.routes.find((route) => route.path === '/__sandbox/devices');
    expect(devices).toMatchObject({ method: 'GET' });
    expect(devices?.operationId).toBeUndefined();
  });
});
