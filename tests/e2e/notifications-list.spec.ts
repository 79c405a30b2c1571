// The notifications list as a journey against the stateful sandbox (mocks/sandbox/notifications.ts): a
// tap on an unread notification through the server's count to the Chat badge, in the headless shell
// without a service worker (push registration, which needs both: notifications.spec.ts). The list's own
// states (nav_params and hostile targets, paging as the end comes near) are component tests:
// src/features/notifications/list/notifications-screen.test.tsx.
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { signInAs } from './support/chat.ts';
import { openNotifications } from './support/notifications.ts';

/** What the sandbox counts for this employee: unread chat messages + unread notifications + pending approvals. */
async function expectedBadge(request: APIRequestContext, username: string): Promise<number> {
  const login = await request.post('/api/auth/login', { data: { username, password: 'sandbox-password' } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const home = (await (await request.get('/api/live-chat/home', { headers })).json()) as { chat_rooms: Array<{ meta?: { unread_messages?: number } }> };
  const unread = (await (await request.get('/api/notification/unread/count', { headers })).json()) as { notification_unread_counts: number };
  const approvals = (await (await request.get('/api/notification/approvals/pending', { headers })).json()) as { total_approval: number };
  const messages = home.chat_rooms.reduce((sum, room) => sum + (room.meta?.unread_messages ?? 0), 0);
  return messages + unread.notification_unread_counts + approvals.total_approval;
}

const row = (page: Page, title: string) => page.getByTestId('notification-row').filter({ hasText: title });

test('tapping an unread notification lowers the Chat badge by one and opens its target', async ({ page, request }) => {
  const expected = await expectedBadge(request, 'citra.kirana');
  expect(expected).toBeLessThan(100);
  await signInAs(page, 'citra.kirana', 'Citra Kirana');
  const badge = page.getByTestId('chat-badge');
  await expect(badge).toHaveText(String(expected));

  await openNotifications(page);
  await expect(page.getByTestId('pending-approvals')).toHaveText('3 approvals waiting');
  await expect(page.getByTestId('notification-row')).toHaveCount(20);
  const mention = row(page, 'Budi Santoso mentioned you');
  await expect(mention.getByText('Unread')).toBeAttached();
  await expect(page.locator('[data-testid="notification-row"][data-unread="true"]')).toHaveCount(7);

  const marked = page.waitForResponse((response) => /\/api\/notification\/\d+\/read$/.test(response.url()) && response.request().method() === 'POST');
  await mention.click();
  expect((await marked).status()).toBe(200);
  await expect(page).toHaveURL(/\/chats$/);
  await expect(badge).toHaveText(String(expected - 1));

  // Back on the list the row reads as read; the server counts one fewer.
  await page.goBack();
  await expect(row(page, 'Budi Santoso mentioned you')).toHaveAttribute('data-unread', 'false');
  expect(await expectedBadge(request, 'citra.kirana')).toBe(expected - 1);
});

// Issue 37: a mention opens its room at the message (scrolled to and marked, as a jump does), at both widths.
for (const [width, height] of [[390, 844], [1280, 800]] as const) {
  test(`a mention's notification opens the room at the message (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
    await openNotifications(page);
    await row(page, 'Budi Santoso mentioned you').click();
    await expect(page).toHaveURL(/\/chats\/chat\?uuid=7c9e6679-7425-40de-944b-e07fc1f90ae7&message=d4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70$/);
    await expect(page.getByTestId('room-title')).toHaveText('Tim Operasional Jakarta');
    const mentioned = page.locator('[data-testid="message"][data-message-uuid="d4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70"]');
    await expect(mentioned).toHaveAttribute('data-highlighted', 'true');
    await expect(mentioned).toContainText('@Ayu Lestari tolong cek laporan stok');
    await expect(mentioned).toBeInViewport();
  });
}
