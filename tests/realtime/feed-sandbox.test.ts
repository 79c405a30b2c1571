// The feed's likes and comments in the sandbox (issue 37): a like is one per employee and item and
// idempotent (the answer carries the server's count), a comment is stored as plain text with its
// author from the token, only its author may delete it (403 for anyone else), and every change (never
// a repeat) goes out as the `feed_counts` event. Every answer is checked against the generated schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  zAddFeedCommentResponse,
  zDeleteFeedCommentResponse,
  zErrorBody,
  zGetCompanyWideCommentLikesResponse,
  zGetFeedResponse,
  zSetAnnouncementLikeResponse,
  zSetFeedCommentLikeResponse,
} from '../../generated/http/zod.gen.ts';
import type { FeedCountsEvent } from '../../generated/realtime/types.gen.ts';
import { zFeedCountsEvent } from '../../generated/realtime/zod.gen.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { signIn } from './support/sandbox-client.ts';

const NO_PRISM = 'http://127.0.0.1:9';
const POST = 1201;
let sandbox: RunningSandbox;
const events: FeedCountsEvent[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0, feedEvents: { emit: (event) => events.push(zFeedCountsEvent.parse(event)) } });
});

afterAll(() => sandbox?.stop());

async function post(authorization: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function shownPost(authorization: string) {
  const response = await fetch(`${sandbox.url}/ess/feed?group_type=company_wide`, { headers: { authorization } });
  return zGetFeedResponse.parse(await response.json()).data!.find((announcement) => announcement.id === POST)!;
}

async function notLiking(usernames: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const username of usernames) {
    const authorization = await signIn(sandbox.url, username);
    if (!(await shownPost(authorization)).liked_by_me) found.push(authorization);
  }
  expect(found.length).toBeGreaterThanOrEqual(2);
  return found;
}

describe("the feed's likes and comments", () => {
  it('likes a post once however often it is asked, per employee, with the server count, and announces only a change', async () => {
    // Two employees who do not like the post yet (some of the seed's people already do).
    const [rizky, siti] = await notLiking(['rizky.pratama', 'siti.rahmawati', 'budi.santoso', 'hana.pertiwi', 'dewi.kartika']);
    const before = await shownPost(rizky!);
    const start = before.likes_count!;
    events.length = 0;

    const first = zSetAnnouncementLikeResponse.parse((await post(rizky!, `/ess/feed/${POST}/like`, { liked: true })).body);
    const again = zSetAnnouncementLikeResponse.parse((await post(rizky!, `/ess/feed/${POST}/like`, { liked: true })).body);
    expect(first).toMatchObject({ liked: true, likes_count: start + 1 });
    expect(again).toMatchObject({ liked: true, likes_count: start + 1 });
    expect(events).toEqual([{ event_type: 'feed_counts', data: { announcement_id: POST, likes_count: start + 1, comments_count: before.comments!.length } }]);

    expect(await shownPost(rizky!)).toMatchObject({ liked_by_me: true, likes_count: start + 1 });
    expect(await shownPost(siti!)).toMatchObject({ liked_by_me: false, likes_count: start + 1 });

    const unliked = zSetAnnouncementLikeResponse.parse((await post(rizky!, `/ess/feed/${POST}/like`, { liked: false })).body);
    const unlikedAgain = zSetAnnouncementLikeResponse.parse((await post(rizky!, `/ess/feed/${POST}/like`, { liked: false })).body);
    expect(unliked.likes_count).toBe(start);
    expect(unlikedAgain.likes_count).toBe(start);
    expect(events).toHaveLength(2);
  });

  it("likes a comment idempotently, and the liker appears in the comment's likes list", async () => {
    const hana = await signIn(sandbox.url, 'hana.pertiwi');
    const comment = (await shownPost(hana)).comments![0]!;
    events.length = 0;
    const liked = zSetFeedCommentLikeResponse.parse((await post(hana, `/ess/feed/${POST}/comments/${comment.id}/like`, { liked: true })).body);
    const twice = zSetFeedCommentLikeResponse.parse((await post(hana, `/ess/feed/${POST}/comments/${comment.id}/like`, { liked: true })).body);
    expect(liked.likes_count).toBe(comment.likes_count + 1);
    expect(twice.likes_count).toBe(comment.likes_count + 1);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ comment_id: comment.id, comment_likes_count: comment.likes_count + 1 });

    const likes = await fetch(`${sandbox.url}/ess/feed/company-wide/${POST}/comments/${comment.id}/likes`, { headers: { authorization: hana } });
    const list = zGetCompanyWideCommentLikesResponse.parse(await likes.json()).likes;
    expect(list).toHaveLength(comment.likes_count + 1);
    expect(list.map((like) => `${like.user.first_name} ${like.user.last_name}`)).toContain('Hana Pertiwi');
  });

  it('stores a comment as written with its author from the token; another employee cannot delete it (403), its author can', async () => {
    const ayu = await signIn(sandbox.url, 'ayu.lestari');
    const budi = await signIn(sandbox.url, 'budi.santoso');
    const count = (await shownPost(ayu)).comments!.length;
    events.length = 0;
    const hostile = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const added = zAddFeedCommentResponse.parse((await post(ayu, `/ess/feed/${POST}/comments`, { comment: `  ${hostile}  ` })).body);
    expect(added.comment).toMatchObject({ comment: hostile, likes_count: 0, user: { first_name: 'Ayu', last_name: 'Lestari' } });
    expect(added.comments_count).toBe(count + 1);
    expect(events.at(-1)!.data).toEqual({ announcement_id: POST, likes_count: expect.any(Number), comments_count: count + 1, comment_id: added.comment.id });

    const refused = await post(budi, `/ess/feed/${POST}/comments/${added.comment.id}/delete`);
    expect(refused.status).toBe(403);
    expect(zErrorBody.parse(refused.body)).toMatchObject({ status_code: 403, error_message: 'You can only delete your own comments.' });
    expect((await shownPost(budi)).comments!.map((comment) => comment.id)).toContain(added.comment.id);

    const deleted = await post(ayu, `/ess/feed/${POST}/comments/${added.comment.id}/delete`);
    expect(zDeleteFeedCommentResponse.parse(deleted.body).comments_count).toBe(count);
    expect(events.at(-1)!.data).toMatchObject({ comment_id: added.comment.id, comment_deleted: true, comments_count: count });
    expect((await post(ayu, `/ess/feed/${POST}/comments/${added.comment.id}/delete`)).status).toBe(404);
  });

  it('refuses an empty comment, one over 1000 characters and a like without its boolean (422)', async () => {
    const ayu = await signIn(sandbox.url, 'ayu.lestari');
    for (const body of [{ comment: '' }, { comment: 'x'.repeat(1001) }, { comment: '   ' }]) {
      const refused = await post(ayu, `/ess/feed/${POST}/comments`, body);
      expect(refused.status, JSON.stringify(body).slice(0, 30)).toBe(422);
    }
    expect((await post(ayu, `/ess/feed/${POST}/like`, { liked: 'yes' })).status).toBe(422);
    expect((await post(ayu, `/ess/feed/999999/like`, { liked: true })).status).toBe(404);
  });
});
