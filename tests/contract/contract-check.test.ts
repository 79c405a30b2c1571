// The contract check end to end: against the Prism mock (which answers from the contract's own
// examples) every operation conforms; against a deliberately wrong backend the check names the
// broken operations, says what is wrong, and fails.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type RunningPrism } from '../../mocks/prism.ts';
import { deref, listOperations, readJson, type ContractOperation } from '../../scripts/lib/contract-examples.ts';
import { startWrongServer, type WrongServer } from '../fixtures/wrong-server.ts';

const NODE = existsSync(resolve('node_modules/.bin/node')) ? resolve('node_modules/.bin/node') : process.execPath;

interface CheckRun {
  code: number;
  stdout: string;
  stderr: string;
}

function runCheck(...args: string[]): Promise<CheckRun> {
  return new Promise((resolveRun) => {
    execFile(NODE, ['scripts/contract-check.ts', ...args], { timeout: 50_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolveRun({ code, stdout, stderr });
    });
  });
}

/** The lines of one operation's report: its head line and the indented violations under it. */
function reportOf(stdout: string, operationId: string): string {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.split(' ')[1] === operationId);
  if (start < 0) return '';
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('    '));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

type Json = Record<string, unknown>;
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/**
 * The top-level fields an operation's 200 JSON success shape requires (the branch beside ErrorBody),
 * read from the contract itself, so the expectation below follows the contract as it changes.
 */
function requiredSuccessFields(doc: Json, operation: ContractOperation): string[] {
  const item = deref<Json>(doc, (doc.paths as Json)[operation.path]);
  const responses = ((item[operation.method.toLowerCase()] as Json).responses ?? {}) as Json;
  if (!responses['200']) return [];
  const media = ((deref<Json>(doc, responses['200']).content ?? {}) as Json)['application/json'] as Json | undefined;
  const schema = (media?.schema ?? {}) as Json;
  const branches = ((schema.anyOf as Json[] | undefined) ?? [schema]).filter((branch) => branch.$ref !== ERROR_BODY_REF);
  return branches.flatMap((branch) => (deref<Json>(doc, branch).required as string[] | undefined) ?? []);
}

/**
 * The contract bundled as `redocly bundle openapi/openapi.yaml` writes it: generated/ holds exactly that
 * (tests/contract/fresh.test.ts fails when it is stale), so the mock and the expectations read it there.
 */
const BUNDLED = 'generated/openapi.bundled.json';

let mock: RunningPrism;
let wrong: WrongServer;

beforeAll(async () => {
  [mock, wrong] = await Promise.all([startPrism({ spec: BUNDLED, port: 0 }), startWrongServer()]);
});

afterAll(async () => {
  await Promise.allSettled([mock?.stop(), wrong?.stop()]);
});

describe('contract:check', () => {
  it('finds every operation conforming on the Prism mock', async () => {
    const run = await runCheck('--target', mock.url, '--ota-target', mock.url);
    const failures = run.stdout.split('\n').filter((line) => line.startsWith('✘') || line.startsWith('    '));
    expect(failures, run.stdout + run.stderr).toEqual([]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/✔ getUserData GET \/auth\/user-data 200 conforms/);
    expect(run.stdout).toMatch(/✔ checkForUpdate GET \/v0\.1\/public\/codepush\/update_check 200 conforms/);
    expect(run.stdout).toMatch(/^\d+ conform, 0 violate, \d+ skipped/m);
  });

  it('names the operations a wrong backend breaks, with their violations, and fails', async () => {
    const run = await runCheck('--target', wrong.url);
    expect(run.code, run.stdout + run.stderr).toBe(1);

    const userData = reportOf(run.stdout, 'getUserData');
    expect(userData).toMatch(/^✘ getUserData GET \/auth\/user-data 200/);
    expect(userData).toMatch(/response\.body\.changed_password: .*integer/);
    expect(userData).toMatch(/response\.body\.user\.id: .*integer/);

    const permissions = reportOf(run.stdout, 'getPermissions');
    expect(permissions).toMatch(/^✘ getPermissions GET \/permission\/get-pwa 200/);
    expect(permissions).toMatch(/response\.body\.permissions: .*array/);

    const members = reportOf(run.stdout, 'getGroupMembersV2');
    expect(members).toMatch(/^✘ getGroupMembersV2 GET \/v2\/live-chat\/see-members\/\{id\} 200/);
    expect(members).toMatch(/response\.body\.members\.0\.id: .*integer/);

    // The chat home names its websocket id as websocket_id or websocketID; one of them must be there.
    const chatHome = reportOf(run.stdout, 'getChatHome');
    expect(chatHome).toMatch(/^✘ getChatHome GET \/live-chat\/home 200/);
    expect(chatHome).toMatch(/response\.body\.chat_home: .*required property 'websocket_id'/);
    expect(chatHome).toMatch(/response\.body\.chat_home: .*required property 'websocketID'/);

    expect(reportOf(run.stdout, 'getCompanyWideCommentLikes')).toMatch(/404 is not documented/);
    expect(reportOf(run.stdout, 'getDepartmentCommentLikes')).toMatch(/media type "text\/html/);

    // `200 {}` elsewhere drops the fields each success answer requires.
    const counts = reportOf(run.stdout, 'getUnreadNotificationCount');
    expect(counts).toMatch(/^✘ getUnreadNotificationCount GET \/notification\/unread\/count 200/);
    expect(counts).toMatch(/required property 'notification_unread_counts'/);
    expect(reportOf(run.stdout, 'getPendingApprovals')).toMatch(/required property 'total_approval'/);
    // A list SPEC does not show is inferred, so optional: the app takes a missing one as empty.
    expect(reportOf(run.stdout, 'getChatRoomFiles')).toMatch(/ 200 conforms$/);
    // A write the spec names no answer fields for still conforms with an empty answer.
    expect(run.stdout).toMatch(/✔ saveDevice POST \/onesignal\/save-device 200 conforms/);

    // Without --ota-target the update service is not checked.
    expect(reportOf(run.stdout, 'checkForUpdate')).toMatch(/skipped: no --ota-target/);
    expect(run.stdout).toMatch(/^\d+ conform, [1-9]\d* violate, \d+ skipped/m);
  });

  it('names every operation whose answer leaves out the fields its success shape requires, and only those', async () => {
    const server = await startWrongServer('drops');
    try {
      const run = await runCheck('--target', server.url);
      expect(run.code, run.stdout + run.stderr).toBe(1);

      const userData = reportOf(run.stdout, 'getUserData');
      expect(userData).toMatch(/^✘ getUserData GET \/auth\/user-data 200/);
      // SPEC §3 names these; the inferred `user` is optional (the app keeps the user stored at sign-in).
      for (const field of ['changed_password', 'compliance_ping']) expect(userData).toContain(`required property '${field}'`);
      expect(userData).not.toContain("required property 'user'");
      const permissions = reportOf(run.stdout, 'getPermissions');
      expect(permissions).toMatch(/^✘ getPermissions GET \/permission\/get-pwa 200/);
      expect(permissions).toContain("required property 'permissions'");
      // The members list is inferred (SPEC shows no v2 payload): optional, so `200 {}` conforms.
      expect(reportOf(run.stdout, 'getGroupMembersV2')).toMatch(/ 200 conforms$/);

      // Every operation the check replays (not the update service or the app's own texts): `200 {}`
      // violates exactly those whose success shape requires a field, naming each field.
      const doc = readJson(BUNDLED) as Json;
      const checked = listOperations(doc).filter((operation) => !operation.ownServers);
      const strict = checked.filter((operation) => requiredSuccessFields(doc, operation).length > 0);
      expect(strict.length).toBeGreaterThan(15);
      for (const operation of checked) {
        const report = reportOf(run.stdout, operation.operationId);
        const required = requiredSuccessFields(doc, operation);
        if (required.length === 0) {
          expect(report, operation.operationId).toMatch(/ 200 conforms$/);
          continue;
        }
        expect(report, operation.operationId).toMatch(new RegExp(`^✘ ${operation.operationId} ${operation.method} \\S+ 200\n`));
        for (const field of required) expect(report, operation.operationId).toContain(`response.body: Response body must have required property '${field}'`);
      }
      expect(run.stdout).toMatch(new RegExp(`^${checked.length - strict.length} conform, ${strict.length} violate, \\d+ skipped`, 'm'));
    } finally {
      await server.stop();
    }
  });

  it('checks only the operations asked for, and sends no write when asked to stay read-only', async () => {
    const server = await startWrongServer();
    try {
      const run = await runCheck('--target', server.url, '--read-only', '--only', 'getPermissions,deleteChat,leaveGroup');
      expect(run.code).toBe(1);
      expect(reportOf(run.stdout, 'deleteChat')).toMatch(/skipped: --read-only/);
      expect(reportOf(run.stdout, 'leaveGroup')).toMatch(/skipped: --read-only/);
      expect(run.stdout).toMatch(/^0 conform, 1 violate, 2 skipped/m);
      expect(run.stdout).not.toMatch(/getUserData/);
      // The one read asked for, and nothing else, reached the backend.
      expect(server.requests()).toEqual([{ method: 'GET', path: '/permission/get-pwa' }]);
    } finally {
      await server.stop();
    }
  });

  it('reports an unreachable backend as a violation', async () => {
    const run = await runCheck('--target', 'http://127.0.0.1:9', '--only', 'getUserData');
    expect(run.code).toBe(1);
    expect(reportOf(run.stdout, 'getUserData')).toMatch(/connection: .*ECONNREFUSED/);
  });
});
