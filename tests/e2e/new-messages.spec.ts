// Issue 37: a room opened with unread messages shows "New messages" before the first of them. More unread
// than a screen: the room opens at the divider, not at the bottom; fewer: at the newest message, the
// divider above it. Where it goes and when it is absent are component tests (message-list.test.tsx,
// chat-room-screen.test.tsx); here, where a phone and a desktop open the room.
import { expect, test, type Page } from './support/test.ts';
import { DIRECT_ROOM, GROUP_ROOM, send, signInAs, tokenOf } from './support/chat.ts';

const roomRow = (page: Page, uuid: string) => page.locator(`[data-testid="chat-room-row"][data-room-uuid="${uuid}"]`);

test.describe('phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a room with more unread than a screen opens at the divider, before the first of them', async ({ page, request }) => {
    // Budi writes twelve long messages while Ayu is away.
    const token = await tokenOf(request, 'budi.santoso');
    const sent: string[] = [];
    for (let n = 1; n <= 12; n += 1) {
      const text = `Laporan ${n}: stok gudang Cikarang sudah dihitung ulang, selisihnya dicatat di lembar rekap dan dikirim ke tim keuangan sore ini.`;
      const answer = await request.post('/api/v2/live-chat/send', { headers: { Authorization: `Bearer ${token}` }, data: { chat_room_uuid: DIRECT_ROOM, message: text } });
      expect(answer.ok()).toBe(true);
      sent.push(text);
    }

    await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
    await page.goto('/chats');
    await expect(roomRow(page, DIRECT_ROOM)).toContainText(sent.at(-1)!.slice(0, 20));
    await roomRow(page, DIRECT_ROOM).click();

    const divider = page.getByTestId('new-messages-divider');
    await expect(divider).toHaveText('New messages');
    await expect(divider).toBeInViewport();
    // Right before Budi's first new message; the newest is further down, out of view.
    const first = page.getByTestId('message').filter({ hasText: sent[0]! });
    await expect(first).toBeInViewport();
    const dividerBox = (await divider.boundingBox())!;
    const firstBox = (await first.boundingBox())!;
    expect(firstBox.y).toBeGreaterThanOrEqual(dividerBox.y + dividerBox.height - 1);
    expect(firstBox.y - (dividerBox.y + dividerBox.height)).toBeLessThan(16);
    await expect(page.getByTestId('message').filter({ hasText: sent.at(-1)! })).not.toBeInViewport();
    await expect(page.getByTestId('new-messages-divider')).toHaveCount(1);

    // Ayu answers from there: her message shows at the bottom; the divider stays in the list.
    await send(page, 'Terima kasih, sudah saya cek semua.');
    await expect(page.getByTestId('message').filter({ hasText: 'Terima kasih, sudah saya cek semua.' })).toBeInViewport();
    await expect(page.getByTestId('message').filter({ hasText: sent.at(-1)! })).toBeInViewport();
  });
});

test.describe('desktop (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('a room with a few unread opens at its newest message, the divider above the first unread; a read room has none', async ({ page }) => {
    await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
    await page.goto('/chats');
    // "Tim Operasional Jakarta": five unread for Ayu (the seed), from "Klaim lembur…" on.
    await roomRow(page, GROUP_ROOM).click();
    const divider = page.getByTestId('new-messages-divider');
    await expect(divider).toBeInViewport();
    await expect(page.getByTestId('message').filter({ hasText: 'Briefing pagi dimulai jam 08.00 ya.' })).toBeInViewport();
    // The divider and the message's row are siblings in the list's row.
    await expect(page.locator('[data-testid="new-messages-divider"] + div [data-testid="message"]')).toContainText('Klaim lembur bulan ini paling lambat tanggal 20 ya.');

    // The direct room had nothing unread: no divider.
    await roomRow(page, DIRECT_ROOM).click();
    await expect(page.getByTestId('room-title')).toHaveText('Budi Santoso');
    await expect(page.getByTestId('message').last()).toBeVisible();
    await expect(page.getByTestId('pinned-bar')).toBeVisible(); // the room's page has come
    await expect(page.getByTestId('new-messages-divider')).toHaveCount(0);
  });
});
