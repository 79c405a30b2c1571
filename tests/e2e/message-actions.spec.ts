// Issue 37: a message's actions where hands expect them, in Chromium's own input: on a desktop the quick
// actions on hover (Like, Reply, More actions) and the menu at the pointer on a right-click (the browser's
// menu held back on messages only); on a phone a long press with a finger opens the sheet from the
// bottom. The states of each gesture (a move or a scroll giving up the press, the keys, Escape's focus)
// are component tests: src/features/chat/room/message-actions.test.tsx and chat-room-screen.test.tsx.
import { expect, test, type Page } from './support/test.ts';
import { DIRECT_ROOM, openRoom, signInAs } from './support/chat.ts';

const TEXT = 'Rekap daftar hadir tim gudang bulan ini.';
const message = (page: Page) => page.getByTestId('message').filter({ hasText: TEXT });

test.describe('desktop (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the quick actions show on hover and reply; a right-click opens the menu at the pointer, Escape gives the focus back', async ({ page }) => {
    await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
    await openRoom(page, DIRECT_ROOM);
    const mine = message(page);
    await expect(mine).toBeVisible();
    await expect(page.getByRole('button', { name: 'Message actions' })).toHaveCount(0);

    // Hover: Like, Reply and More actions, beside the message; Reply starts a reply.
    const toolbar = mine.getByRole('group', { name: 'Quick actions' });
    await expect(async () => {
      await page.mouse.move(0, 0);
      await mine.hover();
      await expect(toolbar).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(toolbar.getByRole('button', { name: 'Like' })).toBeVisible();
    await toolbar.getByRole('button', { name: 'Reply' }).click();
    await expect(page.getByTestId('reply-bar')).toContainText('Ayu Lestari');
    await page.getByRole('button', { name: 'Cancel reply' }).click();

    // Away from the messages, the quick actions go.
    await page.mouse.move(640, 30);
    await expect(page.getByRole('group', { name: 'Quick actions' })).toHaveCount(0);

    // Right-click: the menu opens where the pointer is, with every action of one's own message.
    const box = (await mine.boundingBox())!;
    const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    await page.mouse.click(point.x, point.y, { button: 'right' });
    const menu = page.getByTestId('message-menu');
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAccessibleName('Message actions');
    const placed = (await menu.boundingBox())!;
    // At the point: its left edge there, or moved left just enough to stay inside the window; its top
    // there, or its bottom when there is no room below.
    expect(placed.x).toBeLessThanOrEqual(point.x + 1);
    expect(placed.x + placed.width).toBeGreaterThanOrEqual(point.x);
    expect(placed.x + placed.width).toBeLessThanOrEqual(1280);
    expect(Math.min(Math.abs(placed.y - point.y), Math.abs(placed.y + placed.height - point.y))).toBeLessThanOrEqual(1);
    for (const action of ['Reply', 'Forward', 'Copy text', 'Pin', 'Delete message']) await expect(menu.getByRole('button', { name: action, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(mine).toBeFocused();

    // Enter on the focused message opens the sheet (a dialog centred on a desktop).
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Message actions' })).toBeVisible();
    await expect(page.getByTestId('message-menu')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(mine).toBeFocused();

    // Elsewhere (the list between messages, the header) the browser's own menu is not held back.
    const held = await page.getByTestId('message-list').evaluate((list) => !list.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
    expect(held).toBe(false);
  });
});

test.describe('phone (390×844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a long press with a finger opens the sheet from the bottom; a tap opens nothing', async ({ page }) => {
    await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
    await openRoom(page, DIRECT_ROOM);
    const mine = message(page);
    await expect(mine).toBeVisible();
    const sheet = page.getByRole('dialog', { name: 'Message actions' });
    const touch = await page.context().newCDPSession(page);
    const at = async () => {
      const box = (await mine.boundingBox())!;
      return [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
    };

    // A tap: no sheet, no quick actions.
    await page.tap(`[data-message-uuid="${await mine.getAttribute('data-message-uuid')}"]`);
    await expect(page.getByRole('group', { name: 'Quick actions' })).toHaveCount(0);
    await expect(sheet).toHaveCount(0);

    // A press held until the sheet shows (the list's listeners come just after the room's first content).
    await expect(async () => {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: await at() });
      try {
        await expect(sheet).toBeVisible({ timeout: 2000 });
      } finally {
        await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      }
    }).toPass();
    // The bottom sheet: along the bottom edge, the whole width.
    const placed = (await sheet.boundingBox())!;
    expect(Math.round(placed.y + placed.height)).toBeGreaterThanOrEqual(843);
    expect(Math.round(placed.width)).toBe(390);
    await expect(sheet.getByRole('button', { name: 'Reply', exact: true })).toBeVisible();
    // Lifting the finger left it open.
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toBeHidden();
  });
});
