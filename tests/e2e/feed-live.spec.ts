// The feed one can like and comment on (issue 37), between two windows against the stateful sandbox and
// the realtime mock: Ayu likes the town hall post and comments on it, and Budi, on his Home, sees the
// post's likes and comments counts move without reloading (the broadcast's feed_counts); Ayu then
// deletes her comment and his count goes back. The toggles' optimistic change and rollback, the
// composer's states and who may delete what are component tests (src/features/feed/feed-post.test.tsx)
// and sandbox tests (tests/realtime/feed-sandbox.test.ts).
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { closeWindows, REALTIME_MOCK, signInAs, windowOf } from './support/chat.ts';

test.afterEach(closeWindows);

const townHall = (page: Page) => page.getByRole('article', { name: 'Town hall on Friday' });
/** The post's likes count beside its like toggle ("12 likes"). */
const postLikes = (page: Page) => townHall(page).getByText(/^[\d,]+ likes?$/).first();
const commentCount = (page: Page) => townHall(page).getByTestId('comment-count');

const countOf = async (page: Page) => Number((await postLikes(page).innerText()).replace(/\D/g, ''));
const likesText = (count: number) => `${count.toLocaleString('en-US')} ${count > 1 ? 'likes' : 'like'}`;

/** Both apps are subscribed to the public global channel, where feed_counts goes. */
async function globalChannelListeners(request: APIRequestContext, atLeast: number): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as { pusher: { channels: Record<string, number> } }).pusher.channels.ess_global_event ?? 0,
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(atLeast);
}

test('Ayu likes and comments on a post and Budi sees its counts change live, without reloading; her deleted comment leaves his count too', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const ayu = await windowOf(browser);
  const budi = await windowOf(browser);
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari');
  await signInAs(budi, 'budi.santoso', 'Budi Santoso');
  await expect(townHall(ayu)).toBeVisible();
  await expect(townHall(budi)).toBeVisible();
  await globalChannelListeners(request, 2);

  // Budi's window asks for the feed no more from here: what changes there came live.
  const budiFeedCalls: string[] = [];
  budi.on('request', (request) => {
    if (request.url().includes('/api/ess/feed?')) budiFeedCalls.push(request.url());
  });
  const likes = await countOf(budi);
  const comments = Number(await commentCount(budi).innerText());

  const toggle = townHall(ayu).getByRole('button', { name: 'Like this post' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(postLikes(ayu)).toHaveText(likesText(likes + 1));
  await expect(postLikes(budi)).toHaveText(likesText(likes + 1));
  // Budi's own like state is his: the post is not liked for him.
  await expect(townHall(budi).getByRole('button', { name: 'Like this post' })).toHaveAttribute('aria-pressed', 'false');

  const text = `Saya ikut, sampai jumpa di aula! ${Date.now().toString(36)}`;
  const field = townHall(ayu).getByRole('textbox', { name: 'Write a comment' });
  await field.fill(text);
  await townHall(ayu).getByRole('button', { name: 'Send comment' }).click();
  await expect(field).toHaveValue('');
  const mine = townHall(ayu).getByRole('listitem').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(commentCount(ayu)).toHaveText(String(comments + 1));
  await expect(commentCount(budi)).toHaveText(String(comments + 1));

  await mine.getByRole('button', { name: 'Delete your comment' }).click();
  const confirm = ayu.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete your comment? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(mine).toHaveCount(0);
  await expect(commentCount(ayu)).toHaveText(String(comments));
  await expect(commentCount(budi)).toHaveText(String(comments));
  await expect(postLikes(budi)).toHaveText(likesText(likes + 1));
  expect(budiFeedCalls).toEqual([]);
});
