// How chats begin and how groups are run, against the stateful chat sandbox: a direct chat started
// from a search and a group created from one, which reaches the other member live; a poll whose counts
// both members see change live, and an admin removing a member (whose window loses the room). The
// modals' states and validation (the two alerts, "No employees found.", checks kept across searches)
// are proven beside their code (src/features/chat/start/*.test.tsx).
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { DIRECT_ROOM, closeWindows, liveChatListeners, signInAs, tapInList, windowOf } from './support/chat.ts';

test.afterEach(closeWindows);

/** A group made through the API as Ayu (admin), with Budi in it; its uuid and a name of its own. */
async function groupWithBudi(request: APIRequestContext, label: string) {
  const login = await request.post('/api/auth/login', { data: { username: 'ayu.lestari', password: 'sandbox-password' } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const name = `${label} ${Date.now()}`;
  const answer = await request.post('/api/live-chat/start-group-chat', { headers: { Authorization: `Bearer ${token}` }, data: { name, participants: [43] } });
  const { chat_room } = (await answer.json()) as { chat_room: { uuid: string } };
  return { name, uuid: chat_room.uuid };
}

test('a direct chat starts from an employee search on the v1 room; a group created from a search reaches the other member live', async ({ browser }) => {
  const budi = await windowOf(browser);
  await signInAs(budi, 'budi.santoso', 'Budi Santoso');
  await budi.getByRole('navigation').getByRole('link', { name: /^Chat\b/ }).click();
  await expect(budi.getByTestId('chat-room-row').first()).toBeVisible();

  const ayu = await windowOf(browser);
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari');

  await test.step('a direct chat from a search opens on the v1 room', async () => {
    await ayu.goto('/live-chat');
    await ayu.getByRole('button', { name: 'New chat' }).click();
    const modal = ayu.getByRole('dialog', { name: 'Start Live Chat' });
    await modal.getByLabel('Employee name').fill('Budi');
    await modal.getByRole('button', { name: 'Search Employees' }).click();
    const row = modal.getByTestId('employee-row').filter({ hasText: 'Budi Santoso' });
    await expect(row).toContainText('100235');
    await expect(row).toContainText('Supervisor Gudang');
    await row.click();
    await expect(ayu).toHaveURL(`/live-chat/chat-room?uuid=${DIRECT_ROOM}`);
    await expect(ayu.getByTestId('room-title')).toHaveText('Budi Santoso');
  });

  await test.step('a group created from a search reaches the other member live', async () => {
    await ayu.goto('/live-chat');
    await ayu.getByRole('button', { name: 'New chat' }).click();
    await ayu.getByRole('dialog', { name: 'Start Live Chat' }).getByText('Start Group Chat').click();
    await expect(ayu).toHaveURL('/live-chat/create-group-chat');
    const modal = ayu.getByRole('dialog', { name: 'Create Group Chat' });
    const name = `Tim Audit Gudang ${Date.now()}`;
    await modal.getByLabel('Group name').fill(name);
    await modal.getByLabel('Employee name').fill('Budi');
    await modal.getByRole('button', { name: 'Search Employees' }).click();
    await modal.getByRole('checkbox', { name: 'Budi Santoso' }).check();
    await expect(modal.getByText('Selected (1)')).toBeVisible();

    await liveChatListeners(ayu.request, 2);
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(ayu).toHaveURL(/\/live-chat\/chat-room\?uuid=/);
    await expect(ayu.getByTestId('room-title')).toHaveText(name);
    await expect(ayu.getByTestId('message').filter({ hasText: 'Ayu Lestari created the group' })).toBeVisible();
    // Budi's chat list has the new group without a reload.
    await expect(budi.getByTestId('chat-room-row').filter({ hasText: name })).toBeVisible({ timeout: 10_000 });
  });
});

test('Create group on a phone (390x844): recent contacts before typing, people found as one types, and Create above the tab bar creates the group', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  await page.getByRole('navigation').getByRole('link', { name: /^Chat\b/ }).click();
  await page.getByRole('button', { name: 'New chat' }).click();
  await page.getByRole('dialog', { name: 'Start Live Chat' }).getByText('Start Group Chat').click();
  await expect(page).toHaveURL('/chats/create');

  // Before typing: the recent contacts, Rizky among them although he started his chat with Ayu (ChatRoom.from).
  const recent = page.getByRole('region', { name: 'Recent contacts' });
  await recent.getByRole('checkbox', { name: 'Rizky Pratama' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');

  // Typing finds people without the button: one search once typing pauses.
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/live-chat/search-mass-employees')) searches.push(request.postData() ?? '');
  });
  await page.getByRole('tabpanel').getByLabel('Employee name').pressSequentially('Budi');
  // Budi is a recent contact too: his row in what the search found.
  await page.getByTestId('employee-list').getByRole('checkbox', { name: 'Budi Santoso' }).check();
  // Found without the button (the burst of typing asks once: src/shared/people/use-people-search.test.tsx).
  expect(searches.map((body) => JSON.parse(body) as unknown).at(-1)).toEqual({ employee_name: 'Budi' });
  await expect(recent).toHaveCount(0);
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
  const name = `Tim Gudang ${Date.now()}`;
  await page.getByRole('tabpanel').getByLabel('Group name').fill(name);

  // Create stays in view above the tab bar, with the people chosen and the list long.
  const create = page.getByRole('button', { name: 'Create', exact: true });
  const createBox = (await create.boundingBox())!;
  const tabBar = (await page.getByRole('navigation').boundingBox())!;
  expect(createBox.y + createBox.height).toBeLessThanOrEqual(tabBar.y);
  expect(createBox.y).toBeGreaterThan(tabBar.y - 120);
  await create.click();
  await expect(page).toHaveURL(/\/chats\/chat\?uuid=/);
  await expect(page.getByTestId('room-title')).toHaveText(name);
});

test('Create group on a desktop (1280x800): Create in view at the bottom of the panel beside the rail', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  await page.goto('/chats/create');
  await page.getByRole('tabpanel').getByLabel('Employee name').pressSequentially('a');
  await expect(page.getByTestId('employee-row').first()).toBeVisible();
  const createBox = (await page.getByRole('button', { name: 'Create', exact: true }).boundingBox())!;
  expect(createBox.y + createBox.height).toBeLessThanOrEqual(800);
  expect(createBox.y + createBox.height).toBeGreaterThan(700);
});

test("two members vote on a poll and both see the counts change live; then the admin removes the member, whose window loses the room", async ({ browser }) => {
  test.setTimeout(90_000);
  const ayu = await windowOf(browser);
  const { name, uuid } = await groupWithBudi(ayu.request, 'Makan Siang');
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari');
  const budi = await windowOf(browser);
  await signInAs(budi, 'budi.santoso', 'Budi Santoso', { home: false });
  await budi.goto(`/chats/chat?uuid=${uuid}`);
  await expect(budi.getByTestId('message-list')).toBeVisible();

  await test.step('a poll', async () => {
    await ayu.goto(`/chats/chat?uuid=${uuid}`);
    await ayu.getByRole('button', { name: 'Chat options' }).click();
    await ayu.getByRole('menuitem', { name: 'Create a poll' }).click();
    await ayu.getByLabel('Question').fill('Makan siang Jumat?');
    await ayu.getByLabel('Option 1').fill('Padang');
    await ayu.getByLabel('Option 2').fill('Sunda');
    await liveChatListeners(ayu.request, 2);
    await ayu.getByRole('button', { name: 'Create poll' }).click();
    await expect(ayu).toHaveURL(`/chats/chat?uuid=${uuid}`);

    const pollOf = (page: Page) => page.getByTestId('poll').filter({ hasText: 'Makan siang Jumat?' });
    await expect(pollOf(ayu)).toBeVisible();
    await expect(pollOf(budi)).toBeVisible({ timeout: 10_000 });

    await tapInList(pollOf(budi).getByRole('button', { name: 'Padang: 0 votes' }));
    await expect(pollOf(budi).getByRole('button', { name: 'Padang: 1 vote' })).toHaveAttribute('aria-pressed', 'true');
    await expect(pollOf(ayu).getByRole('button', { name: 'Padang: 1 vote' })).toHaveAttribute('aria-pressed', 'false');

    await tapInList(pollOf(ayu).getByRole('button', { name: 'Sunda: 0 votes' }));
    await expect(pollOf(budi).getByRole('button', { name: 'Sunda: 1 vote' })).toBeVisible();
    await expect(pollOf(budi).getByTestId('poll-total')).toHaveText('2 votes');
    await expect(pollOf(ayu).getByTestId('poll-total')).toHaveText('2 votes');
  });

  await test.step("the admin removes the member from the group detail, and the member's window loses the room", async () => {
    await budi.getByRole('navigation').getByRole('link', { name: /^Chat\b/ }).click();
    const row = budi.getByTestId('chat-room-row').filter({ hasText: name });
    await expect(row).toBeVisible();

    await ayu.getByRole('button', { name: 'Chat options' }).click();
    await ayu.getByRole('menuitem', { name: 'Group info' }).click();
    await expect(ayu).toHaveURL(`/chats/detail?uuid=${uuid}`);
    await expect(ayu.getByText(name).first()).toBeVisible();
    await liveChatListeners(ayu.request, 2);
    await ayu.getByRole('button', { name: 'Remove from group: Budi Santoso' }).click();
    const confirm = ayu.getByRole('alertdialog');
    await expect(confirm).toContainText('Remove Budi Santoso from the group?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(ayu.getByRole('button', { name: 'Remove from group: Budi Santoso' })).toBeHidden();

    await expect(row).toBeHidden({ timeout: 10_000 });
  });
});
