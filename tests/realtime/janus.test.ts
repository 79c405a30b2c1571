// The sandbox's Janus (mocks/janus/) against the real Janus 1.1.2: its configuration (only the
// VideoRoom and the websocket API, signed tokens, no Admin API), the tokens the backend mints (Janus
// takes them, and refuses a tampered, expired or missing one, or one for another plugin), the
// backend's rooms (created with the admin key only, joined with the pin and a join token of the
// room's ACL only, destroyed), what issue 33 relies on (the ACL, publisher ids, the event handler's
// `joined` with its token, kick and revoke), and the process's life (gone when stopped, and when the
// process that started it dies).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JanusConnection, JanusError, JanusSession } from '../../mocks/janus/client.ts';
import { startJanus, type RunningJanus } from '../../mocks/janus/server.ts';
import { mintToken, VIDEOROOM_PLUGIN } from '../../mocks/janus/token.ts';
import type { PublisherJoined } from '../../mocks/janus/events.ts';
import { ID_EXISTS, NO_SUCH_ROOM, UNAUTHORIZED, roomRequest } from '../../mocks/janus/videoroom.ts';
import { joinAsPublisher, memberHandle, startTestJanus } from './support/janus.ts';

let janus: RunningJanus;
/** Janus's log as it started, before any test asked it anything (the tests provoke refusals it logs as errors). */
let startLog = '';
const HOUR = 60 * 60_000;
const memberToken = (expiresAt = Date.now() + HOUR, plugins = [VIDEOROOM_PLUGIN]) => mintToken(janus.tokenSecret, { expiresAt, plugins });

beforeAll(async () => {
  janus = await startTestJanus();
  startLog = readFileSync(janus.logFile, 'utf8');
});
afterAll(() => janus?.stop());

/** The Janus error a promise is refused with. */
async function refusal(promise: Promise<unknown>): Promise<JanusError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(JanusError);
  return error as JanusError;
}

describe('mintToken', () => {
  it('signs `<expiry>,janus,<plugins>` with HMAC-SHA1 in Base64, as src/auth.c checks it (vectors from openssl dgst -sha1 -hmac)', () => {
    expect(mintToken('janus', { expiresAt: new Date('2030-01-01T00:00:00Z'), plugins: [VIDEOROOM_PLUGIN] })).toBe(
      '1893456000,janus,janus.plugin.videoroom:x11sCneKH8AnVXBclo/DXTSVcHk=',
    );
    expect(mintToken('janus', { expiresAt: 1_893_456_000_999, plugins: [VIDEOROOM_PLUGIN, 'janus.plugin.echotest'] })).toBe(
      '1893456000,janus,janus.plugin.videoroom,janus.plugin.echotest:HmvPm+w7F3y9pUkviGjQUdWDPdM=',
    );
    expect(() => mintToken('', { expiresAt: Date.now(), plugins: [] })).toThrow(/secret/);
    expect(() => mintToken('s', { expiresAt: Date.now(), plugins: ['a,b'] })).toThrow(/plugin/);
  });
});

describe('the sandbox Janus', () => {
  it('answers info with only the VideoRoom plugin and the websocket transport, signed tokens on, no Admin API', async () => {
    const connection = await JanusConnection.open(janus.url);
    try {
      const info = (await connection.request({ janus: 'info' })) as Record<string, unknown>;
      expect(Object.keys(info.plugins as object)).toEqual([VIDEOROOM_PLUGIN]);
      expect(Object.keys(info.transports as object)).toEqual(['janus.transport.websockets']);
      expect(info).toMatchObject({ version_string: '1.1.2', 'api_secret': false, 'auth_token': true, 'session-timeout': 60 });
      expect(info['server-name']).toMatch(/^ess-sandbox-[0-9a-f]{12}$/);
    } finally {
      connection.close();
    }
    expect(janus.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    // Its configuration and log stay in its own temporary folder; it starts logging nothing but warnings.
    expect(startLog).toMatch(/\S/);
    expect(startLog).not.toMatch(/\[ERR\]|FATAL/);
  });

  it('takes a minted token and refuses a tampered, expired, missing or other-plugin one', async () => {
    const good = await memberHandle(janus.url, memberToken());
    expect(good.handle).toBeGreaterThan(0);
    await good.session.destroy();

    const token = memberToken();
    const tampered = token.replace(/.(?==$)|.$/, (char) => (char === 'A' ? 'B' : 'A'));
    expect((await refusal(JanusSession.create(janus.url, { token: tampered }))).code).toBe(403);
    const longer = token.replace(/^(\d+)/, (expiry) => String(Number(expiry) + 3600));
    expect((await refusal(JanusSession.create(janus.url, { token: longer }))).code).toBe(403);
    expect((await refusal(JanusSession.create(janus.url, { token: memberToken(Date.now() - 1_000) }))).code).toBe(403);
    expect((await refusal(JanusSession.create(janus.url, {}))).code).toBe(403);
    expect((await refusal(JanusSession.create(janus.url, { token: mintToken('another-secret', { expiresAt: Date.now() + HOUR, plugins: [VIDEOROOM_PLUGIN] }) }))).code).toBe(403);
    // A token for another plugin opens a session but cannot attach to the VideoRoom.
    const other = await JanusSession.create(janus.url, { token: memberToken(Date.now() + HOUR, ['janus.plugin.echotest']) });
    try {
      expect((await refusal(other.attach(VIDEOROOM_PLUGIN))).code).toBe(405);
    } finally {
      await other.destroy();
    }
  });

  it('lets the backend create a room, a member with a token join it with the pin and their join token, and the backend destroy it', async () => {
    const room = await janus.rooms.createRoom({ description: 'test call', publishers: 100, allowed: ['ayu', 'budi'] });
    expect(Number.isSafeInteger(room.room)).toBe(true);
    expect(room.pin.length).toBeGreaterThanOrEqual(16);
    expect(room.secret.length).toBeGreaterThanOrEqual(24);
    expect(await janus.rooms.roomExists(room.room)).toBe(true);

    expect((await refusal(joinAsPublisher(janus.url, { room: room.room, pin: 'wrong', token: memberToken(), joinToken: 'ayu', display: 'Mallory' }))).code).toBe(UNAUTHORIZED);
    expect((await refusal(joinAsPublisher(janus.url, { room: room.room, pin: null, token: memberToken(), joinToken: 'ayu', display: 'Mallory' }))).code).toBeGreaterThan(400);

    const ayu = await joinAsPublisher(janus.url, { room: room.room, pin: room.pin, token: memberToken(), joinToken: 'ayu', display: 'Ayu Lestari' });
    expect(ayu.joined).toMatchObject({ videoroom: 'joined', room: room.room, publishers: [], attendees: [] });
    // notify_joining: the next one hears of Ayu even though she publishes nothing yet.
    const budi = await joinAsPublisher(janus.url, { room: room.room, pin: room.pin, token: memberToken(), joinToken: 'budi', display: 'Budi Santoso' });
    expect(budi.joined.attendees).toEqual([expect.objectContaining({ display: 'Ayu Lestari' })]);

    // A member's token cannot create rooms (the admin key is the backend's), nor destroy this one without its secret.
    const intruder = await memberHandle(janus.url, memberToken());
    try {
      expect((await refusal(intruder.session.message(intruder.handle, roomRequest(123_456, 'pin', 'secret', 'guessed-key')))).code).toBe(UNAUTHORIZED);
      const withoutKey: Record<string, unknown> = roomRequest(123_457, 'pin', 'secret', '');
      delete withoutKey.admin_key;
      expect((await refusal(intruder.session.message(intruder.handle, withoutKey))).code).toBeGreaterThan(400);
      expect((await refusal(intruder.session.message(intruder.handle, { request: 'destroy', room: room.room, secret: 'guess' }))).code).toBe(UNAUTHORIZED);
    } finally {
      await intruder.session.destroy();
    }

    expect(await janus.rooms.destroyRoom(room)).toBe(true);
    expect(await janus.rooms.roomExists(room.room)).toBe(false);
    // Destroying it again is no error: it is gone.
    expect(await janus.rooms.destroyRoom(room)).toBe(false);
    expect((await refusal(joinAsPublisher(janus.url, { room: room.room, pin: room.pin, token: memberToken(), joinToken: 'ayu', display: 'Late' }))).code).toBe(NO_SUCH_ROOM);
    await Promise.all([ayu.session.destroy(), budi.session.destroy()]);
  });

  it("lists a room to a member only with the room's secret, and every room never: the gate before Janus (Janus 1.1 itself asks neither)", async () => {
    const room = await janus.rooms.createRoom({ description: 'listing', publishers: 10, allowed: ['ayu'] });
    const ayu = await joinAsPublisher(janus.url, { room: room.room, pin: room.pin, token: memberToken(), joinToken: 'ayu', display: '{}' });
    const member = await memberHandle(janus.url, memberToken());
    try {
      const ask = (body: Record<string, unknown>) => member.session.message(member.handle, body);
      expect((await refusal(ask({ request: 'listparticipants', room: room.room }))).code).toBe(UNAUTHORIZED);
      expect((await refusal(ask({ request: 'listparticipants', room: room.room, secret: 'guess' }))).code).toBe(UNAUTHORIZED);
      expect((await refusal(ask({ request: 'listparticipants', room: room.room, secret: room.pin }))).code).toBe(UNAUTHORIZED);
      expect((await refusal(ask({ request: 'listforwarders', room: room.room }))).code).toBe(UNAUTHORIZED);
      expect((await refusal(ask({ request: 'list' }))).code).toBe(UNAUTHORIZED);
      expect((await ask({ request: 'listparticipants', room: room.room, secret: room.secret })).data.participants).toHaveLength(1);
      // The backend, on Janus's own address, lists it as before.
      expect(await janus.rooms.participants(room.room)).toHaveLength(1);
      expect(janus.apiUrl).not.toBe(janus.url);
    } finally {
      await Promise.all([member.session.destroy(), ayu.session.destroy()]);
      await janus.rooms.destroyRoom(room);
    }
  });

  it('opens a new backend session when the old one is gone', async () => {
    const first = await janus.rooms.createRoom();
    // What a Janus restart or a dropped connection does to the backend's session.
    await (janus.rooms as unknown as { current: Promise<{ session: JanusSession }> }).current.then(({ session }) => session.connection.close());
    const second = await janus.rooms.createRoom();
    expect(await janus.rooms.destroyRoom(first)).toBe(true);
    expect(await janus.rooms.destroyRoom(second)).toBe(true);
  });
});

describe("a room's ACL, publisher ids and the event handler (issue 33)", () => {
  it('takes a publisher only with a token of its ACL, with the id asked for, tells the backend which token joined with which id, and lets the backend revoke and kick', async () => {
    const heard: PublisherJoined[] = [];
    const stop = janus.events.onJoined((event) => heard.push(event));
    const room = await janus.rooms.createRoom({ allowed: ['token-a'] });
    const join = (joinToken: string | undefined, id: number) => joinAsPublisher(janus.url, { room: room.room, pin: room.pin, token: memberToken(), joinToken, id, display: '{}' });
    try {
      expect((await refusal(join(undefined, 11))).code).toBe(UNAUTHORIZED);
      expect((await refusal(join('token-b', 11))).code).toBe(UNAUTHORIZED);
      await janus.rooms.allow(room, ['token-b']);
      // Ids up to 2^53 - 1 stay exact both ways.
      const big = 2 ** 53 - 7;
      const a = await join('token-a', big);
      expect(a.joined.id).toBe(big);
      expect((await refusal(join('token-b', big))).code).toBe(ID_EXISTS);
      const b = await join('token-b', 22);
      await expect.poll(() => heard.filter((event) => event.room === room.room)).toEqual([
        { room: room.room, id: big, token: 'token-a' },
        { room: room.room, id: 22, token: 'token-b' },
      ]);
      // The backend's revocation: out of the ACL, then kicked (with the room's secret only).
      await janus.rooms.disallow(room, ['token-b']);
      expect(await janus.rooms.kick(room, 22)).toBe(true);
      await b.kicked.promise;
      expect(await janus.rooms.kick(room, 22)).toBe(false);
      expect((await refusal(join('token-b', 23))).code).toBe(UNAUTHORIZED);
      expect((await refusal(a.session.message(a.handle, { request: 'kick', room: room.room, id: big, secret: 'guess' }))).code).toBe(UNAUTHORIZED);
      expect((await refusal(a.session.message(a.handle, { request: 'allowed', room: room.room, action: 'add', allowed: ['mine'], secret: 'guess' }))).code).toBe(UNAUTHORIZED);
      // Subscriptions must name a publisher's private id (require_pvtid), as Janus lists the room to the backend (on its own address: the gate refuses `list`).
      const listed = await memberHandle(janus.apiUrl, memberToken());
      const { data } = await listed.session.message(listed.handle, { request: 'list', admin_key: janus.adminKey });
      expect((data.list as { room: number; require_pvtid: boolean }[]).find((entry) => entry.room === room.room)).toMatchObject({ require_pvtid: true });
      await Promise.all([a.session.destroy(), b.session.destroy(), listed.session.destroy()]);
    } finally {
      stop();
      await janus.rooms.destroyRoom(room);
    }
  });
});

describe("the backend's session", () => {
  it('stays alive on its keepalives while a silent one is dropped', async () => {
    // Janus drops a session silent for session_timeout (1 s here; its watchdog looks every 2 s or so).
    const short = await startJanus({ sessionTimeout: 1, keepaliveMs: 300 });
    try {
      const sessionId = async () => (await (short.rooms as unknown as { current: Promise<{ session: JanusSession }> }).current).session.id;
      const first = await short.rooms.createRoom();
      const kept = await sessionId();
      const silent = await JanusSession.create(short.url, { token: mintToken(short.tokenSecret, { expiresAt: Date.now() + HOUR, plugins: [VIDEOROOM_PLUGIN] }) });
      const deadline = Date.now() + 9_000;
      while (silent.usable && Date.now() < deadline) await new Promise((wake) => setTimeout(wake, 100));
      expect(silent.usable).toBe(false);
      const second = await short.rooms.createRoom();
      expect(await sessionId()).toBe(kept);
      expect(await short.rooms.destroyRoom(first)).toBe(true);
      expect(await short.rooms.destroyRoom(second)).toBe(true);
      await silent.destroy();
    } finally {
      await short.stop();
    }
  });
});

describe('the Janus process', () => {
  it('is gone, with its folder, once stopped; a port taken is reported', async () => {
    const own = await startJanus();
    const { pid } = own.process;
    const folder = resolve(own.logFile, '..');
    await own.stop();
    expect(alive(pid!)).toBe(false);
    expect(existsSync(folder)).toBe(false);

    // The port members reach it on is the gate's: taken, Janus (started on a port of its own) stops again.
    await expect(startJanus({ port: janus.port })).rejects.toThrow(new RegExp(`127\\.0\\.0\\.1:${janus.port} is taken`));
  });

  it('dies with the process that started it, even one killed outright', async () => {
    const script = `
      import { startJanus } from ${JSON.stringify(resolve('mocks/janus/server.ts'))};
      const janus = await startJanus();
      console.log(janus.process.pid);
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolvePid, rejectPid) => {
      child.stdout.once('data', (chunk: Buffer) => resolvePid(Number(chunk.toString().trim())));
      child.once('exit', (code) => rejectPid(new Error(`the child exited (${code}) before starting Janus`)));
    });
    expect(alive(pid)).toBe(true);
    child.kill('SIGKILL');
    const deadline = Date.now() + 5_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((wake) => setTimeout(wake, 50));
    expect(alive(pid)).toBe(false);
  });
});

/** Running (a zombie waiting for its reaper counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z/.test(stat);
}
