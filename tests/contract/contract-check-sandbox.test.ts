// `npm run contract:check` against the project's own `npm run mock` (issue 21): every operation the
// check replays conforms (the contract documents each 4xx the sandbox gives), and the sandbox's demo
// data is as it was afterwards, though the check replays every write of the contract (delete chat,
// leave group, clone group, send…): they land in a scratch copy that the check drops at the end.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../../mocks/start.ts';

const NODE = existsSync(resolve('node_modules/.bin/node')) ? resolve('node_modules/.bin/node') : process.execPath;
/** The check's own default token: the sandbox takes any unknown token for Ayu Lestari (42). */
const AYU = 'Bearer contract-check';
const BUDI = 'Bearer sandbox.43.00';

let mocks: RunningMocks;

beforeAll(async () => {
  mocks = await startMocks({ httpPort: 0, realtimePort: 0 });
}, 60_000);

afterAll(() => mocks?.stop());

function runCheck(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolveRun) => {
    execFile(NODE, ['scripts/contract-check.ts', ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolveRun({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

async function call(method: string, path: string, authorization: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${mocks.httpUrl}${path}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

interface Home {
  body: { chat_rooms: Array<{ id: number; uuid: string; type: string }> };
}

/** What a person using the sandbox sees: both demo users' chat lists, every room's newest messages and members, the pop-up, notifications, devices, module tokens. */
async function demoData(): Promise<unknown[]> {
  const seen: unknown[] = [];
  for (const user of [AYU, BUDI]) {
    const home = (await call('GET', '/live-chat/home', user)) as Home;
    seen.push(home);
    for (const room of home.body.chat_rooms) {
      seen.push(await call('POST', '/live-chat/view-chat', user, { chat_room_uuid: room.uuid }));
      seen.push(await call('POST', '/v2/live-chat/pin-message-list', user, { chatRoomId: room.id }));
      if (room.type === 'group') seen.push(await call('GET', `/v2/live-chat/detail/${room.id}`, user));
    }
    seen.push(await call('GET', '/v2/live-chat/search-group', user));
    seen.push(await call('GET', '/popup/announcement', user));
    seen.push(await call('GET', '/notification/list', user));
    seen.push(await call('GET', '/notification/unread/count', user));
  }
  seen.push(await call('GET', '/__sandbox/devices', AYU));
  seen.push(await call('GET', '/__sandbox/module-tokens', AYU));
  return seen;
}

describe('contract:check against npm run mock', () => {
  it('finds every operation conforming, and leaves the demo data as it was', async () => {
    const before = await demoData();
    expect(JSON.stringify(before)).toContain('Tim Operasional Jakarta');

    const run = await runCheck('--target', mocks.httpUrl);
    const report = run.stdout + run.stderr;
    expect(run.stdout.split('\n').filter((line) => line.startsWith('✘') || line.startsWith('    ')), report).toEqual([]);
    expect(run.stdout, report).toMatch(/^\d{2} conform, 0 violate, \d+ skipped/m);
    expect(run.code, report).toBe(0);
    // The writes were replayed, against a scratch copy of the sandbox's data…
    expect(run.stdout).toMatch(/✔ deleteChat POST \/live-chat\/delete-chat 200 conforms/);
    expect(run.stdout).toMatch(/✔ cloneGroupChatV2 POST \/v2\/live-chat\/clone \d+ conforms/);
    const scratch = /x-sandbox-scratch: (contract-check-[0-9a-f]+)/.exec(run.stdout)?.[1];
    expect(scratch, report).toBeDefined();

    // …which the check dropped, and none of them reached the demo data.
    const drop = await fetch(`${mocks.httpUrl}/__sandbox/scratch/${scratch}`, { method: 'DELETE' });
    expect(drop.status).toBe(404);
    expect(await demoData()).toEqual(before);
  }, 120_000);
});
