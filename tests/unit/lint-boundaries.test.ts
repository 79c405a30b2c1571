// The house rules are lint errors, not advice: each rule is shown failing on a deliberate violation
// (and the real code passing it), so a rule that silently stopped working would fail this test.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PROBE_DIR = 'src/shared/lint-probe';
let eslint: ESLint;

beforeAll(() => {
  // Two real files that import each other: the cycle rule reads imports from disk.
  mkdirSync(PROBE_DIR, { recursive: true });
  writeFileSync(`${PROBE_DIR}/first.ts`, "import { second } from './second.ts';\nexport const first = () => second;\n");
  writeFileSync(`${PROBE_DIR}/second.ts`, "import { first } from './first.ts';\nexport const second = () => first;\n");
  eslint = new ESLint();
});

afterAll(() => rmSync(PROBE_DIR, { recursive: true, force: true }));

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('each boundary fails on a deliberate violation', () => {
  it.each([
    ['a feature importing another feature', 'src/features/feed/probe.ts', "import { ForumList } from '../forum/forum-list.tsx';\nexport { ForumList };", 'import-x/no-restricted-paths'],
    ['src/shared importing a feature', 'src/shared/probe.ts', "import { FeedList } from '../features/feed/feed-list.tsx';\nexport { FeedList };", 'import-x/no-restricted-paths'],
    ['src/api importing src/shared', 'src/api/probe.ts', "import { publish } from '../shared/events/app-events.ts';\nexport { publish };", 'import-x/no-restricted-paths'],
    ['a feature importing the app shell', 'src/features/feed/probe.ts', "import { AppRoutes } from '../../app/routes.tsx';\nexport { AppRoutes };", 'import-x/no-restricted-paths'],
    ['a screen importing generated/', 'src/features/feed/probe.tsx', "import { getFeed } from '../../../generated/http/sdk.gen.ts';\nexport { getFeed };", 'no-restricted-imports'],
    ['a screen importing a generated type', 'src/features/feed/probe.tsx', "import type { Announcement } from '../../../generated/http/types.gen.ts';\nexport type { Announcement };", 'no-restricted-imports'],
    ['a screen loading generated/ dynamically', 'src/features/feed/probe.tsx', "export const load = () => import('../../../generated/http/sdk.gen.ts');", 'no-restricted-syntax'],
    ['an api module importing the generated client', 'src/features/feed/api/probe.ts', "import { client } from '../../../../generated/http/client.gen.ts';\nexport { client };", 'no-restricted-imports'],
    ['src/shared importing the generated client', 'src/shared/probe.ts', "import { client } from '../../generated/http/client.gen.ts';\nexport { client };", 'no-restricted-imports'],
    ['fetch', 'src/features/feed/probe.ts', "export const load = () => fetch('/api/ess/feed');", 'no-restricted-globals'],
    ['window.fetch', 'src/shared/probe.ts', "export const load = () => window.fetch('/api/ess/feed');", 'no-restricted-properties'],
    ['globalThis.fetch', 'src/app/probe.ts', "export const load = () => globalThis.fetch('/api/ess/feed');", 'no-restricted-properties'],
    ['a screen importing a test kit', 'src/features/chat/room/probe.tsx', "import { renderChat } from '../testing/render-chat.tsx';\nexport { renderChat };", 'no-restricted-imports'],
    ['an api module importing a test kit', 'src/features/chat/api/probe.ts', "import { chatRoom } from '../testing/chat-fixtures.ts';\nexport { chatRoom };", 'no-restricted-imports'],
    ['src/api importing a test kit', 'src/api/probe.ts', "import { stub } from './testing/probe-kit.ts';\nexport { stub };", 'no-restricted-imports'],
    ['the app importing src/shared/testing', 'src/app/probe.tsx', "import { renderApp } from '../shared/testing/render-app.tsx';\nexport { renderApp };", 'no-restricted-imports'],
    ['a screen loading a test kit dynamically', 'src/features/calls/call/probe.tsx', "export const load = () => import('../testing/calls-test-kit.tsx');", 'no-restricted-syntax'],
    ['the app importing inside a feature (not its face)', 'src/app/probe.tsx', "import { FeedSection } from '../features/feed/feed-section.tsx';\nexport { FeedSection };", 'import-x/no-restricted-paths'],
    ['the app re-exporting from inside a feature', 'src/app/home/probe.ts', "export { chatMessages } from '../../features/chat/store/chat-messages.ts';", 'import-x/no-restricted-paths'],
    ['the app loading inside a feature dynamically', 'src/app/probe.tsx', "export const load = () => import('../features/chat/outbox/outbox-runner.ts');", 'no-restricted-syntax'],
  ])('%s', async (_label, filePath, code, rule) => {
    expect(await ruleIds(code, filePath)).toContain(rule);
  });

  it('an import cycle', async () => {
    const [result] = await eslint.lintFiles([`${PROBE_DIR}/first.ts`]);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});

describe('what the rules allow', () => {
  it.each([
    ['an api module importing the generated options', 'src/features/feed/api/probe.ts', "import { getFeedInfiniteOptions } from '../../../../generated/http/@tanstack/react-query.gen.ts';\nexport { getFeedInfiniteOptions };"],
    ['src/api using the generated client', 'src/api/probe.ts', "import { client } from '../../generated/http/client.gen.ts';\nexport const load = () => fetch(client.getConfig().baseUrl ?? '');"],
    ['a feature importing src/shared and src/api', 'src/features/feed/probe.ts', "import { describeError } from '../../api/errors.ts';\nimport { toSafePath } from '../../shared/safe-path/safe-path.ts';\nexport { describeError, toSafePath };"],
    ['a test importing the kit of its feature and the shared one', 'src/features/chat/room/probe.test.tsx', "import { renderChat } from '../testing/render-chat.tsx';\nimport { json } from '../../../shared/testing/render-app.tsx';\nexport { renderChat, json };"],
    ['a kit importing another kit', 'src/features/chat/testing/probe.ts', "import { chatRoom } from './chat-fixtures.ts';\nimport { json } from '../../../shared/testing/render-app.tsx';\nexport { chatRoom, json };"],
    ['the app composing two features through their faces', 'src/app/probe.tsx', "import * as feed from '../features/feed/index.ts';\nimport { loadForumList } from '../features/forum/index.ts';\nexport const load = () => Promise.all([feed.loadFeedSection(), loadForumList(), import('../features/chat/index.ts')]);"],
    ['a test of the app looking inside a feature', 'src/app/probe.test.tsx', "import { chatMessages } from '../features/chat/store/chat-messages.ts';\nexport const load = () => import('../features/chat/outbox/outbox-runner.ts').then(() => chatMessages);"],
  ])('%s', async (_label, filePath, code) => {
    expect(await ruleIds(code, filePath)).toEqual([]);
  });
});
