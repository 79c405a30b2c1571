// What the attachment viewer's browser tests share: the viewer's title, a picture on screen, and the
// ways to a file from the room (its message, scrolled to; the room's Files panel).
import { expect, type Page } from './test.ts';

/** The viewer's title: the file's name. */
export const title = (page: Page) => page.getByRole('heading', { level: 1 });

/** The picture on screen, decoded (its bytes came from a blob: URL the app made). */
export async function expectPicture(page: Page, name: string, width: number) {
  await expect(title(page)).toHaveText(name);
  const picture = page.getByRole('img', { name });
  await expect(picture).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(width);
}

/** A viewer link's name: "Open <name>" (a thumbnail), or with the size a card shows ("Open <name>, 4 KB"). */
export const opens = (name: string) => new RegExp(`^Open ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(, .+)?$`);

/** Taps a file message's thumbnail or card, scrolling the room's list up until it is there (the list renders what is in view). */
export async function openFromMessage(page: Page, name: string) {
  const link = page.getByTestId('message').getByRole('link', { name: opens(name) }).first();
  const list = page.getByTestId('message-list');
  // A wheel turn at a time until the message is in view, and tapped there (under load a turn can take a
  // while to scroll, and a room still settling its first page may move the list again before the tap).
  // A tap whose click outlived its time limit on a busy machine may still have opened the viewer: the
  // address says so before anything is tapped again (a second tap would stack a second viewer). A tap the
  // list moved away from before it landed opened nothing (seen once): it is tried again.
  const viewerOpen = () => expect(page).toHaveURL(/\/attachment-view\?/, { timeout: 5_000 });
  await expect(async () => {
    if (new URL(page.url()).pathname === '/attachment-view') return;
    if (!(await link.isVisible())) {
      await list.hover({ timeout: 5_000 });
      await page.mouse.wheel(0, -300);
    }
    await link.click({ timeout: 10_000 });
    await viewerOpen();
  }).toPass({ timeout: 60_000 });
}

export async function openFilesPanel(page: Page) {
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Files and links' }).click();
  const panel = page.getByRole('dialog', { name: 'Files and links' });
  await expect(panel).toBeVisible();
  return panel;
}
