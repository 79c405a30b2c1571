// Steps the notifications' browser tests share.
import { expect, type Page } from './test.ts';

/** Through the bell in Home's header (its name carries the unread count: "Notifications, 10 unread"). */
export async function openNotifications(page: Page): Promise<void> {
  await page.getByRole('link', { name: /^Notifications(, \d+ unread)?$/ }).click();
  await expect(page).toHaveURL(/\/notification$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
}
