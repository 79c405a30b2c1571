// The mock sandbox (mocks/sandbox/) in front of Prism: its own answers conform to the contract (the
// generated zod schemas, picked by each route's operationId), the feed and forum page through several
// pages of distinct posts, likes lists match like counts, quick links lead to local pages, every picture
// URL resolves locally, and Prism stays in charge whenever a test asks it for an example.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as generatedZod from '../../generated/http/zod.gen.ts';
import { startPrism, type RunningPrism } from '../../mocks/prism.ts';
import { FEED_POSTS } from '../../mocks/sandbox/feed.ts';
import { PEOPLE } from '../../mocks/sandbox/people.ts';
import { EXAMPLES_COOKIE, PREFER_COOKIE, preferCookieValue } from '../../mocks/sandbox/routes.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { listOperations, readJson, toFetchRequest } from '../../scripts/lib/contract-examples.ts';

type Schema = { parse(value: unknown): unknown };
type Json = Record<string, unknown>;

const BUNDLE = 'generated/openapi.bundled.json';
const AUTH = { authorization: 'Bearer sandbox-test-token' };
const GROUPS = ['company_wide', 'department', 'company'] as const;
const LIKES_PATH = { company_wide: 'company-wide', department: 'department', company: 'company' } as const;
const LIKES_OPERATION = { company_wide: 'getCompanyWideCommentLikes', department: 'getDepartmentCommentLikes', company: 'getCompanyCommentLikes' } as const;

let prism: RunningPrism;
let sandbox: RunningSandbox;

beforeAll(async () => {
  prism = await startPrism({ port: 0 });
  sandbox = await startSandbox({ prismUrl: prism.url, port: 0 });
});

afterAll(async () => {
  await sandbox?.stop();
  await prism?.stop();
});

/** The generated zod schema of an operation's answer: `z<OperationId>Response`. */
function responseSchema(operationId: string): Schema {
  const name = `z${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}Response`;
  const schema = (generatedZod as Record<string, unknown>)[name] as Schema | undefined;
  if (!schema) throw new Error(`generated/http/zod.gen.ts has no ${name}`);
  return schema;
}

async function getJson(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${sandbox.url}${path}`, { method, headers: { ...AUTH, ...headers } });
  return { status: response.status, source: response.headers.get('x-mock-source'), body: (await response.json()) as Json };
}

/** An answer of the sandbox's own, checked against the operation's generated schema. */
async function answer(operationId: string, path: string, method = 'GET') {
  const { status, source, body } = await getJson(path, {}, method);
  expect(status, path).toBe(200);
  expect(source, path).toBe('sandbox');
  responseSchema(operationId).parse(body);
  return body;
}

interface Page<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}
interface Author {
  id: number;
  first_name: string;
  last_name: string;
  signed_profile_picture_url: string | null;
}
interface Comment {
  id: number;
  likes_count: number;
  comment: string;
  user: Author;
}
interface Post {
  id: number;
  title: string;
  group_type?: string;
  user: Author;
  comments: Comment[];
}
interface Likes {
  likes: Array<{ id: number; user: Author & { employee_number: string } }>;
}

async function allPages<T>(operationId: string, path: (page: number) => string): Promise<Array<Page<T>>> {
  const first = (await answer(operationId, path(1))) as unknown as Page<T>;
  const pages = [first];
  for (let page = 2; page <= first.meta.last_page; page += 1) pages.push((await answer(operationId, path(page))) as unknown as Page<T>);
  return pages;
}

describe('the sandbox route table', () => {
  it('answers only operations of the contract, under their own method and path, each with a generated schema', () => {
    const operations = new Map(listOperations(readJson(BUNDLE)).map((operation) => [operation.operationId, operation]));
    const answered = sandbox.routes.filter((route) => route.operationId !== undefined);
    expect(answered.map((route) => route.operationId).sort()).toEqual(
      [
        'generateJobPortalToken',
        'getCompanyCommentLikes',
        'getCompanyWideCommentLikes',
        'getDepartmentCommentLikes',
        'getFeed',
        ...['setAnnouncementLike', 'setFeedCommentLike', 'addFeedComment', 'deleteFeedComment'],
        'getForumCommentLikes',
        'getForumThreads',
        'requestSunfishSsoToken',
        // Sign-in and the live chat (mocks/sandbox/chat/, tested in chat-sandbox.test.ts).
        'login',
        'logout',
        'getUserData',
        ...['getChatHome', 'searchChatRooms', 'viewChat', 'viewChatAroundMessage', 'sendMessage', 'pinMessage', 'unpinMessage', 'deleteMessage'],
        ...['muteChat', 'getChatRoom', 'deleteChat', 'leaveGroup', 'getChatRoomFiles', 'getChatRoomLinks', 'listStickers', 'sendSticker', 'resetMeta', 'uploadFile'],
        ...['viewChatV2', 'sendMessageV2', 'readMessagesV2', 'updateMessageV2', 'listPinnedMessagesV2', 'uploadFileV2', 'batchUploadFilesV2'],
        // Starting chats, the employee directory, groups and polls (chat-groups-sandbox.test.ts).
        ...['searchEmployees', 'startIndividualChat', 'startGroupChat', 'createChatWithHrGroupChat', 'createUrgentGroupChat', 'searchEmployeeV2', 'searchMassEmployeesV2'],
        ...['listCompaniesV2', 'listSubCompaniesV2', 'listOutletsV2', 'listRanksV2', 'searchGroupChatsV2', 'cloneGroupChatV2', 'getChatDetailV2', 'getChatDetailByUuidV2'],
        ...['updateGroupDetailV2', 'getGroupMembersV2', 'addParticipantsV2', 'removeParticipantsV2', 'removeGroupMemberV2', 'addGroupAdminV2', 'getChatGroupSetupV2'],
        ...['getGroupSettingsV2', 'saveGroupSettingsV2', 'setupVoteV2', 'castVoteV2', 'getVotersV2'],
        // Video calls (calls-sandbox.test.ts) and their history (call-history-sandbox.test.ts).
        ...['startChatRoomCall', 'getChatRoomCall', 'endCall', 'searchVideoCallEmployees', 'searchVideoCallGroups', 'listChatRoomCalls'],
        // Notifications and push devices (notifications-sandbox.test.ts).
        ...['getNotifications', 'markNotificationRead', 'getUnreadNotificationCount', 'getPendingApprovals', 'saveDevice'],
        // Web-module tokens (module-tokens-sandbox.test.ts).
        'createModuleToken',
        // The announcement pop-up, remembered as viewed per user (popup-sandbox.test.ts).
        ...['getPopupAnnouncement', 'markPopupAsViewed'],
        // Issue 24: a check-in by a location's QR code (attendance-sandbox.test.ts), the search inside a room
        // (chat-extras-sandbox.test.ts), reactions, forwards and read receipts (chat-replies-sandbox.test.ts).
        ...['checkInAtLocation', 'searchRoomMessages', 'reactToMessage', 'forwardMessage', 'getMessageReaders'],
      ].sort(),
    );
    for (const route of answered) {
      const operation = operations.get(route.operationId!);
      expect(operation, route.operationId).toBeDefined();
      expect(route.method).toBe(operation!.method);
      expect(route.path).toBe(operation!.path.replace(/\{([^}]+)\}/g, ':$1'));
      expect(() => responseSchema(route.operationId!)).not.toThrow();
    }
    // The sandbox's own pages and pictures live apart from the contract's paths.
    for (const route of sandbox.routes.filter((r) => r.operationId === undefined)) expect(route.path).toMatch(/^\/__sandbox\//);
  });

  it('lists its routes at /__sandbox', async () => {
    const { body } = await getJson('/__sandbox');
    expect(body.routes).toContainEqual({ method: 'GET', path: '/ess/feed', operationId: 'getFeed' });
  });

  it('asks for the bearer token as the backend does', async () => {
    const response = await fetch(`${sandbox.url}/ess/feed?group_type=company_wide`);
    expect(response.status).toBe(401);
    generatedZod.zErrorBody.parse(await response.json());
  });
});

describe('the feed', () => {
  it('gives each segment its own posts and authors over at least three pages (Laravel pagination)', async () => {
    const titles = new Map<string, Set<string>>();
    const authors = new Map<string, Set<number>>();
    const ids = new Set<number>();
    for (const group of GROUPS) {
      const pages = await allPages<Post>('getFeed', (page) => `/ess/feed?group_type=${group}&page=${page}`);
      expect(pages.length, group).toBeGreaterThanOrEqual(3);
      const posts = pages.flatMap((page) => page.data);
      pages.forEach((page, index) => {
        expect(page.meta).toEqual({ current_page: index + 1, last_page: pages.length, per_page: 5, total: posts.length });
        expect(page.data.length).toBeGreaterThan(0);
      });
      for (const post of posts) {
        expect(post.group_type).toBe(group);
        expect(ids.has(post.id), `post ${post.id} appears twice`).toBe(false);
        ids.add(post.id);
      }
      titles.set(group, new Set(posts.map((post) => post.title)));
      authors.set(group, new Set(posts.map((post) => post.user.id)));
      expect(authors.get(group)!.size, group).toBeGreaterThanOrEqual(3);
      const comments = posts.flatMap((post) => post.comments);
      expect(comments.length, group).toBeGreaterThan(5);
      expect(new Set(comments.map((comment) => comment.likes_count)).size, group).toBeGreaterThan(3);
      // Past the last page: no posts, the same totals.
      const after = (await answer('getFeed', `/ess/feed?group_type=${group}&page=${pages.length + 1}`)) as unknown as Page<Post>;
      expect(after.data).toEqual([]);
      expect(after.meta).toMatchObject({ current_page: pages.length + 1, last_page: pages.length, total: posts.length });
    }
    const [wide, department, company] = GROUPS.map((group) => titles.get(group)!);
    expect([...wide!].filter((title) => department!.has(title) || company!.has(title))).toEqual([]);
    expect([...department!].filter((title) => company!.has(title))).toEqual([]);
    const [wideAuthors, departmentAuthors, companyAuthors] = GROUPS.map((group) => [...authors.get(group)!].sort());
    expect(wideAuthors).not.toEqual(departmentAuthors);
    expect(departmentAuthors).not.toEqual(companyAuthors);
  });

  it('answers every group when asked for none, newest first, and reads a bad page as page 1', async () => {
    const all = (await answer('getFeed', '/ess/feed')) as unknown as Page<Post>;
    expect(all.meta.total).toBe(FEED_POSTS.length);
    expect(new Set(all.data.map((post) => post.group_type)).size).toBeGreaterThan(1);
    const bad = (await answer('getFeed', '/ess/feed?group_type=company_wide&page=zero')) as unknown as Page<Post>;
    expect(bad.meta.current_page).toBe(1);
  });

  it('is the same data on every request (no randomness)', async () => {
    const first = await getJson('/ess/feed?group_type=department&page=2');
    const second = await getJson('/ess/feed?group_type=department&page=2');
    expect(second.body).toEqual(first.body);
  });

  it('answers each comment’s likes through its group’s call, exactly likes_count of them, never by its author', async () => {
    let checked = 0;
    for (const group of GROUPS) {
      const posts = (await allPages<Post>('getFeed', (page) => `/ess/feed?group_type=${group}&page=${page}`)).flatMap((page) => page.data);
      for (const post of posts) {
        for (const comment of post.comments) {
          const path = `/ess/feed/${LIKES_PATH[group]}/${post.id}/comments/${comment.id}/likes`;
          const { likes } = (await answer(LIKES_OPERATION[group], path)) as unknown as Likes;
          expect(likes.length, path).toBe(comment.likes_count);
          expect(new Set(likes.map((like) => like.user.id)).size).toBe(likes.length);
          expect(likes.some((like) => like.user.id === comment.user.id)).toBe(false);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('finds no comment through another group’s likes call, and says so in the body', async () => {
    const department = FEED_POSTS.find((post) => post.group === 'department' && post.comments.length > 0)!;
    const { status, body } = await getJson(`/ess/feed/company-wide/${department.id}/comments/${department.comments[0]!.id}/likes`);
    expect(status).toBe(200);
    expect(generatedZod.zErrorBody.parse(body)).toMatchObject({ error: true, status_code: 404 });
  });
});

describe('the forum', () => {
  it('pages its threads and answers likes lists as long as their counts', async () => {
    const pages = await allPages<Post>('getForumThreads', (page) => `/ess/Forum/threads?page=${page}`);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const threads = pages.flatMap((page) => page.data);
    expect(new Set(threads.map((thread) => thread.user.id)).size).toBeGreaterThan(5);
    expect(new Set(threads.map((thread) => thread.id)).size).toBe(threads.length);
    let checked = 0;
    for (const comment of threads.flatMap((thread) => thread.comments)) {
      const { likes } = (await answer('getForumCommentLikes', `/ess/Forum/comment-likes/${comment.id}`)) as unknown as Likes;
      expect(likes.length).toBe(comment.likes_count);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(15);
    expect(generatedZod.zErrorBody.parse((await getJson('/ess/Forum/comment-likes/999999')).body)).toMatchObject({ error: true });
  });
});

describe('the people', () => {
  it('have unique ids and employee numbers', () => {
    expect(new Set(PEOPLE.map((someone) => someone.id)).size).toBe(PEOPLE.length);
    expect(new Set(PEOPLE.map((someone) => someone.employee_number)).size).toBe(PEOPLE.length);
  });
});

describe('quick links', () => {
  it('answer URLs of local stand-in pages that recognise the token they were opened with', async () => {
    const sso = (await answer('requestSunfishSsoToken', '/sunfish-sso/request-token', 'POST')) as { status: boolean; data: string };
    expect(sso.status).toBe(true);
    expect(sso.data).toMatch(new RegExp(`^${sandbox.url}/__sandbox/sunfish-hr/sso\\?token=[0-9a-f]{12}$`));
    const job = (await answer('generateJobPortalToken', '/city-job/generate-token')) as { url: string };
    expect(job.url).toMatch(new RegExp(`^${sandbox.url}/__sandbox/job-portal/login\\?token=[0-9a-f]{12}$`));
    const again = (await answer('generateJobPortalToken', '/city-job/generate-token')) as { url: string };
    expect(again.url).not.toBe(job.url);

    for (const [url, title] of [
      [sso.data, 'Sunfish HR (mock)'],
      [job.url, 'Job portal (mock)'],
    ] as const) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`Signed in with the token <code>${new URL(url).searchParams.get('token')}</code>`);
      expect(html).not.toMatch(/<script/);
    }
    // A token this sandbox did not issue, or one for the other site, is not recognised.
    const foreign = await (await fetch(`${sandbox.url}/__sandbox/sunfish-hr/sso?token=${new URL(job.url).searchParams.get('token')}`)).text();
    expect(foreign).toContain('was not issued by this mock');
    const hostile = await (await fetch(`${sandbox.url}/__sandbox/job-portal/login?token=${encodeURIComponent('<script>x</script>')}`)).text();
    expect(hostile).not.toContain('<script>x');
  });

  it('answer URLs on the address the browser used: the dev server’s host and its /api prefix', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: sandbox.port,
          path: '/city-job/generate-token',
          headers: { ...AUTH, host: '127.0.0.1:5173', 'x-forwarded-prefix': '/api' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect((JSON.parse(body) as { url: string }).url).toMatch(/^http:\/\/127\.0\.0\.1:5173\/api\/__sandbox\/job-portal\/login\?token=/);
  });
});

/** Every sandbox URL in a JSON value. */
function sandboxUrls(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.startsWith(`${sandbox.url}/__sandbox/`)) into.add(value);
  else if (Array.isArray(value)) value.forEach((item) => sandboxUrls(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => sandboxUrls(item, into));
  return into;
}

/** The named examples of an operation's 2xx JSON answers. */
function exampleNames(doc: Json, path: string, method: string): string[] {
  const operation = ((doc.paths as Json)[path] as Json)[method.toLowerCase()] as Json;
  const names = new Set<string>();
  for (const [status, rawResponse] of Object.entries(operation.responses as Json)) {
    if (!status.startsWith('2')) continue;
    let response = rawResponse as Json;
    if (typeof response.$ref === 'string') response = ((doc.components as Json).responses as Json)[response.$ref.split('/').at(-1)!] as Json;
    const examples = ((response.content as Json | undefined)?.['application/json'] as Json | undefined)?.examples as Json | undefined;
    for (const name of Object.keys(examples ?? {})) names.add(name);
  }
  return [...names];
}

describe('pictures', () => {
  it('every picture URL of the sandbox’s answers and of every Prism example it passes on is served locally', async () => {
    const urls = new Set<string>();
    for (const group of GROUPS) {
      for (const page of await allPages<Post>('getFeed', (n) => `/ess/feed?group_type=${group}&page=${n}`)) sandboxUrls(page, urls);
      const post = FEED_POSTS.find((candidate) => candidate.group === group && candidate.comments.some((c) => c.likes_count > 3))!;
      const comment = post.comments.find((c) => c.likes_count > 3)!;
      sandboxUrls(await answer(LIKES_OPERATION[group], `/ess/feed/${LIKES_PATH[group]}/${post.id}/comments/${comment.id}/likes`), urls);
    }
    const ownAnswers = urls.size;
    expect(ownAnswers).toBeGreaterThan(20);

    // Every named example of every operation, through the sandbox's pass-through to Prism.
    const doc = readJson(BUNDLE);
    let replayed = 0;
    for (const operation of listOperations(doc)) {
      for (const name of exampleNames(doc, operation.path, operation.method)) {
        const { url, init } = toFetchRequest(sandbox.url, operation, { ...AUTH, prefer: `example=${name}` });
        const response = await fetch(url, init);
        const text = await response.text();
        expect(text, `${operation.operationId} ${name}`).not.toContain('cdn.company.example');
        if (/json/.test(response.headers.get('content-type') ?? '') && text) sandboxUrls(JSON.parse(text), urls);
        replayed += 1;
      }
    }
    expect(replayed).toBeGreaterThan(100);
    expect(urls.size).toBeGreaterThan(ownAnswers);

    for (const url of urls) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      const type = response.headers.get('content-type') ?? '';
      if (/\/avatars\//.test(url)) {
        expect(type, url).toMatch(/^image\/svg\+xml/);
        expect(await response.text()).toMatch(/<text[^>]*>[A-Z?]{1,2}<\/text>/);
      } else {
        expect(type, url).toMatch(/^(image\/svg\+xml|text\/plain)/);
      }
    }
  });

  it('draws a person’s initials, and names a picture from the fields next to it', async () => {
    const ayu = await (await fetch(`${sandbox.url}/__sandbox/avatars/42.svg`)).text();
    expect(ayu).toContain('aria-label="Ayu Lestari"');
    expect(ayu).toMatch(/>AL<\/text>/);
    const { body } = await getJson('/live-chat/home', { prefer: 'example=success' });
    const room = (body.chat_rooms as Json[]).find((candidate) => typeof candidate.to_user_avatar === 'string')!;
    expect(room.to_user_avatar).toBe(`${sandbox.url}/__sandbox/avatars/43.svg?name=${encodeURIComponent(String(room.to_user_name))}`);
    const hostile = await (await fetch(`${sandbox.url}/__sandbox/avatars/x.svg?name=${encodeURIComponent('<script>alert(1)</script>')}`)).text();
    expect(hostile).not.toContain('<script>');
  });
});

describe('Prism stays in charge on demand', () => {
  it('forwards a request with a Prefer header, example or status, unchanged but for pictures', async () => {
    const example = await getJson('/ess/feed?group_type=company_wide&page=1', { prefer: 'example=success' });
    expect(example.source).toBe('prism');
    expect((example.body.data as Post[])[0]).toMatchObject({ id: 1201, title: 'Town hall on Friday' });
    expect((example.body.meta as Json).last_page).toBe(1);
    const empty = await getJson('/ess/Forum/threads', { prefer: 'example=empty' });
    expect(empty.body.data).toEqual([]);
    const failing = await getJson('/ess/feed/company-wide/1201/comments/89/likes', { prefer: 'code=500' });
    expect(failing.status).toBe(500);
    expect(failing.body).toMatchObject({ error: true, status_code: 500 });
    const token = await getJson('/sunfish-sso/request-token', { prefer: 'example=success' }, 'POST');
    expect(token.body.data).toBe('https://sunfish.company.example/sso?token=6f1d0c2b9e');
  });

  it('forwards every contract call of a browser carrying the examples cookie (the browser tests)', async () => {
    const pinned = await getJson('/ess/feed?group_type=company_wide', { cookie: `other=1; ${EXAMPLES_COOKIE.name}=${EXAMPLES_COOKIE.value}` });
    expect(pinned.source).toBe('prism');
    expect((pinned.body.data as Post[])[0]!.title).toBe('Town hall on Friday');
    const job = await getJson('/city-job/generate-token', { cookie: `${EXAMPLES_COOKIE.name}=${EXAMPLES_COOKIE.value}` });
    expect(job.body.url).toBe('https://jobs.company.example/login?token=a81c77e0');
    // Its own pictures still answer.
    const picture = await fetch(`${sandbox.url}/__sandbox/avatars/7.svg`, { headers: { cookie: `${EXAMPLES_COOKIE.name}=${EXAMPLES_COOKIE.value}` } });
    expect(picture.status).toBe(200);
  });

  it('gives the paths a browser names in the prefer cookie their Prefer header, and no other path (the browser tests)', async () => {
    const cookie = `other=1; ${PREFER_COOKIE}=${preferCookieValue({ '/ess/Forum/threads': 'example=empty', '/notification/unread/count': 'code=500' })}`;
    const empty = await getJson('/ess/Forum/threads', { cookie });
    expect(empty.source).toBe('prism');
    expect(empty.body.data).toEqual([]);
    const failing = await getJson('/notification/unread/count', { cookie });
    expect(failing.status).toBe(500);
    // A path the cookie does not name is the sandbox's, and a Prefer header of the request's own wins.
    const feed = await getJson('/ess/feed?group_type=company_wide', { cookie });
    expect(feed.source).toBe('sandbox');
    const own = await getJson('/ess/Forum/threads', { cookie, prefer: 'example=success' });
    expect((own.body.data as Post[]).length).toBeGreaterThan(0);
    // A cookie that is not the sandbox's JSON changes nothing.
    expect((await getJson('/ess/feed?group_type=company_wide', { cookie: `${PREFER_COOKIE}=%7Bnot-json` })).source).toBe('sandbox');
  });

  it('forwards every contract call when started for the contract examples only', async () => {
    const examplesOnly = await startSandbox({ prismUrl: prism.url, port: 0, contractExamples: true });
    try {
      const response = await fetch(`${examplesOnly.url}/ess/feed?group_type=department`, { headers: AUTH });
      expect(response.headers.get('x-mock-source')).toBe('prism');
      expect(((await response.json()) as { meta: { total: number } }).meta.total).toBe(1);
    } finally {
      await examplesOnly.stop();
    }
  });

  it('passes Prism’s own refusals on (a missing token)', async () => {
    const response = await fetch(`${sandbox.url}/permission/get-pwa`);
    expect(response.status).toBe(401);
    expect(response.headers.get('x-mock-source')).toBe('prism');
  });
});
