// The screens of the gallery (issue 22): every native screen of SPEC §2 and the modals, each with how to
// reach it in the built app against the sandbox. One list for `npm run screenshots` (scripts/screenshots.ts,
// which photographs each) and the accessibility test (tests/e2e/a11y.spec.ts, which runs axe on each), so
// the two never diverge. Steps find things by role and by the app's own texts in the language shown
// (public/assets/i18n/<language>.json), so they work in English and Indonesian alike.
//
// The list is also the order of a visit: screens that change the sandbox come after those that show what
// they change (the chat list's unread marks before a room is opened and read; the calls last).
import type { Page } from '@playwright/test';

export type GalleryLanguage = 'en' | 'id';
export type GalleryTheme = 'light' | 'dark';

export const GALLERY_LANGUAGES: Record<GalleryLanguage, string> = { en: 'English', id: 'Indonesian' };
export const GALLERY_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

export interface Employee {
  username: string;
  name: string;
  id: number;
}

/** The sandbox's signed-in user (any password works there) and the colleague who answers her calls. */
export const AYU: Employee = { username: 'ayu.lestari', name: 'Ayu Lestari', id: 42 };
export const BUDI: Employee = { username: 'budi.santoso', name: 'Budi Santoso', id: 43 };
export const SANDBOX_PASSWORD = 'sandbox-password';

// The sandbox's seeded rooms (mocks/sandbox/chat/seed.ts) and its demo call, Rizky ringing Ayu (mocks/sandbox/chat/calls.ts).
const DIRECT_ROOM = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const TEAM_ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const DEMO_CALL_ID = 9001;
/** Files the direct room shares (seed.ts SEEDED_FILES): a picture and a spreadsheet, for the attachment viewer. */
const SEEDED_PHOTO_MESSAGE = 'c0f1e2d3-a401-4b5c-8d6e-7f8091a2b3c1';
const SEEDED_SHEET_MESSAGE = 'c0f1e2d3-a405-4b5c-8d6e-7f8091a2b3c5';

/** What prepareGallery made in the sandbox before the visit: a group with a poll three colleagues voted on. */
export interface GalleryData {
  pollRoomUuid: string;
}

/** One screen being visited: its page, the language shown, and what the steps may ask for. */
export interface ScreenVisit {
  page: Page;
  language: GalleryLanguage;
  /** The app's text for `key` in the language shown, `{{name}}` filled from `values`. */
  t(key: string, values?: Record<string, string | number>): string;
  /** A pattern matching the app's text for any of `keys`, each `{{value}}` standing for anything. */
  pattern(...keys: string[]): RegExp;
  data: GalleryData;
  /** This stack's realtime mock (its /__mock/listeners tells who is connected). */
  realtimeMock: string;
  /** Another employee's window (a browser context of its own, camera and microphone allowed), signed in and listening for calls. */
  employeeWindow(who: Employee): Promise<Page>;
  /** Kept from one screen to the screens that continue on its page. */
  carried: Map<string, unknown>;
}

export interface GalleryScreen {
  /** For file names and anchors: lower-case words and hyphens. */
  id: string;
  title: string;
  group: 'Session' | 'Home' | 'Chat' | 'Notifications' | 'QR codes' | 'Web modules and errors' | 'Calls';
  /** Shown before signing in. */
  signedOut?: true;
  /** Left only by a page of its own: leaving it is a step of its own (a ringing call asks first). */
  ownPage?: true;
  /** The address to open, or 'continue': the next step on the previous screen's page (a call: outgoing, in the call, its attendees). */
  path: string | ((data: GalleryData) => string) | 'continue';
  /** Before the address opens: the page's own answers (a failing call, an announcement). */
  before?(visit: ScreenVisit): Promise<void>;
  /** Once it is open: the taps that reach the screen, then a wait until its content is there. */
  show(visit: ScreenVisit): Promise<void>;
}

const VISIBLE = { timeout: 15_000 } as const;
const visible = (locator: ReturnType<Page['locator']>) => locator.waitFor({ state: 'visible', ...VISIBLE });
const lastDialog = (page: Page) => page.getByRole('dialog').last();
const inRoom = (page: Page) => visible(page.getByTestId('message').first());

/**
 * A message's actions sheet, opened as the keyboard opens it (Enter on the focused message): a row that
 * moves as the list settles cannot make Enter miss, as it can a click. Pressed again until the sheet shows.
 */
async function openMessageSheet(page: Page, t: ScreenVisit['t'], text: string) {
  const message = page.getByTestId('message').filter({ hasText: text });
  await visible(message);
  const sheet = page.getByRole('dialog', { name: t('chat.messageActions') });
  for (let tries = 0; !(await sheet.isVisible()) && tries < 30; tries += 1) {
    await message.press('Enter');
    await sheet.waitFor({ state: 'visible', timeout: 500 }).catch(() => undefined);
  }
  return sheet;
}

/** A spreadsheet with a long name (issue 37: names were cut with room to spare) and a photo, to choose in the Upload File modal. */
const LONG_FILE = { name: 'Laporan-Stok-Gudang-Cabang-Surabaya-Desember-2026-final-revisi.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.alloc(48_213, 1) };
const PHOTO_FILE = { name: 'foto-rak-b3.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(1_254_000, 2) };

/** Opens the room's Upload File modal and chooses `files` in it; the modal, with the files listed. */
async function chooseFiles(page: Page, t: ScreenVisit['t'], files = [LONG_FILE, PHOTO_FILE]) {
  await inRoom(page);
  await page.getByRole('button', { name: t('chat.attach') }).click();
  const dialog = lastDialog(page);
  await visible(dialog.getByPlaceholder(t('chat.upload.messagePlaceholder')));
  await dialog.getByLabel(t('chat.upload.chooseFile')).setInputFiles(files);
  await visible(dialog.getByRole('list', { name: t('chat.upload.chosen') }));
  return dialog;
}

export const GALLERY_SCREENS: readonly GalleryScreen[] = [
  {
    id: 'login',
    title: 'Login',
    group: 'Session',
    signedOut: true,
    path: '/login',
    // The language choice under the form, the language shown pressed.
    show: async ({ page, t, language }) => {
      await visible(page.getByRole('button', { name: t('login.submit') }));
      await visible(page.getByRole('group', { name: t('common.language') }).getByRole('button', { name: t(`languages.${language}`), pressed: true }));
    },
  },
  {
    id: 'change-password',
    title: 'Change password',
    group: 'Session',
    path: '/change-password',
    show: async ({ page, t }) => visible(page.getByLabel(t('changePassword.confirm'))),
  },
  {
    id: 'home',
    title: 'Home',
    group: 'Home',
    path: '/home',
    show: async ({ page }) => visible(page.getByRole('article').first()),
  },
  {
    id: 'home-forum',
    title: 'Home: Forum segment',
    group: 'Home',
    path: '/home',
    show: async ({ page, t }) => {
      await page.getByRole('tab', { name: t('feed.forum') }).click();
      await visible(page.getByRole('article').filter({ hasText: 'Car-pooling to the Cikarang site' }));
    },
  },
  {
    id: 'feed-comment-likes',
    title: 'Feed comment likes',
    group: 'Home',
    path: '/home',
    show: async ({ page, pattern }) => {
      await page.getByRole('article').first().getByRole('button', { name: pattern('likes.one', 'likes.many') }).first().click();
      await visible(lastDialog(page).getByRole('listitem').first());
    },
  },
  {
    // Issue 37: a post Ayu likes, her own comment (liked, with its delete button), the earlier comments
    // behind their button, and a comment being written. The feed's answer is the page's own, so
    // visiting it in each language and theme changes nothing in the sandbox.
    id: 'feed-post-comments',
    title: 'Feed post: likes and the comment composer',
    group: 'Home',
    path: '/home',
    before: async ({ page }) => {
      await page.route('**/api/ess/feed?*', (route) =>
        route.fulfill({ json: { error: false, status_code: 200, data: [LIKED_POST], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 } } }),
      );
    },
    show: async ({ page, t }) => {
      const post = page.getByRole('article').first();
      const field = post.getByRole('textbox', { name: t('feed.writeComment') });
      await visible(field);
      await visible(post.getByRole('button', { name: t('feed.deleteComment') }));
      await field.fill(t('feed.writeComment') === 'Write a comment' ? 'Count me in, see you in the main hall!' : 'Saya ikut, sampai jumpa di aula utama!');
      // The post's like toggle at the top, then as many comments as fit, the composer last.
      await post.getByRole('button', { name: t('feed.likePost') }).evaluate((toggle) => toggle.scrollIntoView({ block: 'start' }));
    },
  },
  {
    id: 'forum-comment-likes',
    title: 'Forum comment likes',
    group: 'Home',
    path: '/home',
    show: async ({ page, t, pattern }) => {
      await page.getByRole('tab', { name: t('feed.forum') }).click();
      const thread = page.getByRole('article').filter({ hasText: 'Car-pooling to the Cikarang site' });
      await thread.getByRole('button', { name: pattern('likes.one', 'likes.many') }).first().click();
      await visible(lastDialog(page).getByRole('listitem').first());
    },
  },
  {
    id: 'more',
    title: 'More',
    group: 'Home',
    path: '/home',
    show: async ({ page, t }) => {
      await page.getByRole('button', { name: t('more.open'), exact: true }).click();
      await visible(lastDialog(page).getByRole('button', { name: t('more.qaAudit') }));
    },
  },
  {
    id: 'account-sheet',
    title: 'Account sheet (the avatar in a tab screen\'s header)',
    group: 'Home',
    path: '/home',
    show: async ({ page, t }) => {
      await page.getByRole('button', { name: t('account.openNamed', { name: AYU.name }) }).click();
      await visible(lastDialog(page).getByRole('radiogroup', { name: t('home.theme') }));
    },
  },
  {
    id: 'announcement',
    title: 'Announcement pop-up',
    group: 'Home',
    path: '/home',
    before: async ({ page }) => {
      await page.route('**/api/popup/announcement', (route) => route.fulfill({ json: { error: false, status_code: 200, announcement: ANNOUNCEMENT } }));
    },
    show: async ({ page }) => {
      const dialog = lastDialog(page);
      await visible(dialog.getByRole('heading', { name: 'Year-end leave' }));
      await dialog.locator('[aria-busy="false"]').first().waitFor(VISIBLE);
    },
  },
  {
    id: 'home-feed-error',
    title: 'Home: the feed cannot load',
    group: 'Home',
    path: '/home',
    before: async ({ page }) => {
      await page.route('**/api/ess/feed?*', (route) =>
        route.fulfill({ status: 500, json: { error: true, status_code: 500, error_message: 'The service is temporarily unavailable.' } }),
      );
    },
    show: async ({ page, t }) => visible(page.getByRole('alert').filter({ hasText: t('feed.loadError') })),
  },
  {
    id: 'chats',
    title: 'Chat list, with the line saying what else the Chat badge counts',
    group: 'Chat',
    path: '/chats',
    show: async ({ page }) => {
      await visible(page.getByTestId('chat-room-row').first());
      await visible(page.getByTestId('chat-badge-line'));
    },
  },
  {
    id: 'chats-groups',
    title: 'Chat list: group chats (/social-group)',
    group: 'Chat',
    path: '/social-group',
    show: async ({ page }) => visible(page.getByTestId('chat-room-row').first()),
  },
  {
    id: 'direct-chat',
    title: 'Direct chat from a link',
    group: 'Chat',
    path: `/messages/direct-chat?user_id=${BUDI.id}`,
    show: async ({ page, t }) => visible(page.getByRole('button', { name: t('chat.direct.start') })),
  },
  {
    id: 'start-live-chat',
    title: 'Start Live Chat',
    group: 'Chat',
    path: '/live-chat',
    show: async ({ page, t }) => {
      await page.getByRole('button', { name: t('chat.start.newChat') }).click();
      const dialog = lastDialog(page);
      await dialog.getByLabel(t('chat.people.employeeName')).fill('Budi');
      await dialog.getByRole('button', { name: t('chat.people.searchEmployees') }).click();
      await visible(dialog.getByTestId('employee-row').first());
    },
  },
  {
    id: 'start-live-chat-recent',
    title: 'Start Live Chat: recent contacts before typing',
    group: 'Chat',
    path: '/chats',
    show: async ({ page, t }) => {
      await page.getByRole('button', { name: t('chat.start.newChat') }).click();
      await visible(lastDialog(page).getByRole('region', { name: t('people.recent') }));
    },
  },
  {
    id: 'create-group-chat',
    title: 'Create Group Chat',
    group: 'Chat',
    path: '/live-chat/create-group-chat',
    show: async ({ page, t }) => {
      const dialog = lastDialog(page);
      await dialog.getByLabel(t('chat.start.groupName')).fill('Tim Audit Gudang');
      await dialog.getByLabel(t('chat.people.employeeName')).fill('Budi');
      await dialog.getByRole('button', { name: t('chat.people.searchEmployees') }).click();
      await dialog.getByRole('checkbox', { name: BUDI.name }).check();
    },
  },
  {
    id: 'chats-create',
    title: 'New group (chats/create): recent contacts before typing',
    group: 'Chat',
    path: '/chats/create',
    show: async ({ page, t }) => {
      await visible(page.getByLabel(t('chat.create.groupName')).first());
      await page.getByRole('region', { name: t('people.recent') }).getByRole('checkbox', { name: 'Rizky Pratama' }).check();
    },
  },
  {
    id: 'chats-create-typed',
    title: 'New group (chats/create): people found as one types, Create above the tab bar',
    group: 'Chat',
    path: '/chats/create',
    show: async ({ page, t }) => {
      const panel = page.getByRole('tabpanel');
      await panel.getByLabel(t('chat.create.groupName')).fill('Tim Audit Gudang');
      await page.getByRole('region', { name: t('people.recent') }).getByRole('checkbox', { name: 'Rizky Pratama' }).check();
      await panel.getByLabel(t('chat.people.employeeName')).pressSequentially('Budi');
      await page.getByRole('checkbox', { name: BUDI.name }).check();
    },
  },
  {
    id: 'chat-room-direct',
    title: 'Chat room, direct',
    group: 'Chat',
    path: `/chats/chat?uuid=${DIRECT_ROOM}`,
    // The room opens at its newest messages (the seeded report and pictures are above, out of a phone's view).
    show: async ({ page }) => visible(page.getByTestId('message').filter({ hasText: 'daftar-hadir-november.xlsx' })),
  },
  {
    id: 'attachment-picture',
    title: 'Attachment viewer, a picture',
    group: 'Chat',
    path: `/attachment-view?uuid=${DIRECT_ROOM}&message=${SEEDED_PHOTO_MESSAGE}&family=v2`,
    show: async ({ page }) => visible(page.getByTestId('image-stage').locator('img[src^="blob:"]')),
  },
  {
    id: 'attachment-file',
    title: 'Attachment viewer, a file shown by its name',
    group: 'Chat',
    path: `/attachment-view?uuid=${DIRECT_ROOM}&message=${SEEDED_SHEET_MESSAGE}&family=v2`,
    show: async ({ page, t }) => visible(page.getByRole('button', { name: t('chat.download'), exact: true })),
  },
  {
    // Before chat-room-group, which reads the room: Ayu has five unread there (the seed).
    id: 'chat-room-new-messages',
    title: 'Chat room opened with unread messages ("New messages")',
    group: 'Chat',
    path: '/chats',
    show: async ({ page }) => {
      await page.locator(`[data-testid="chat-room-row"][data-room-uuid="${TEAM_ROOM}"]`).click();
      // The pointer off the messages, as a finger leaves none: no quick actions over the divider.
      await page.mouse.move(0, 0);
      await visible(page.getByTestId('new-messages-divider'));
      await visible(page.getByTestId('message').filter({ hasText: 'Briefing pagi dimulai jam 08.00 ya.' }));
    },
  },
  {
    id: 'chat-room-group',
    title: 'Chat room, group',
    group: 'Chat',
    path: `/chats/chat?uuid=${TEAM_ROOM}`,
    show: async ({ page }) => visible(page.getByTestId('message').filter({ hasText: 'Briefing pagi dimulai jam 08.00 ya.' })),
  },
  {
    id: 'message-toolbar',
    title: "A message's quick actions (hover)",
    group: 'Chat',
    path: `/chats/chat?uuid=${DIRECT_ROOM}`,
    show: async ({ page, t }) => {
      const message = page.getByTestId('message').filter({ hasText: 'Rekap daftar hadir tim gudang bulan ini.' });
      await visible(message);
      // The list's listeners come just after the room's first content: hovered again until they answer.
      const toolbar = message.getByRole('group', { name: t('chat.quickActions') });
      for (let tries = 0; !(await toolbar.isVisible()) && tries < 30; tries += 1) {
        await page.mouse.move(0, 0);
        await message.hover();
        await toolbar.waitFor({ state: 'visible', timeout: 500 }).catch(() => undefined);
      }
      await visible(toolbar);
    },
  },
  {
    id: 'message-menu',
    title: 'Message menu (the sheet: a long press, Enter or More actions)',
    group: 'Chat',
    path: `/chats/chat?uuid=${DIRECT_ROOM}`,
    show: async ({ page, t }) => {
      const sheet = await openMessageSheet(page, t, 'Rekap daftar hadir tim gudang bulan ini.');
      await visible(sheet.getByRole('button').last());
    },
  },
  {
    id: 'message-context-menu',
    title: 'Message menu at the pointer (a right-click)',
    group: 'Chat',
    path: `/chats/chat?uuid=${DIRECT_ROOM}`,
    show: async ({ page }) => {
      const message = page.getByTestId('message').filter({ hasText: 'Rekap daftar hadir tim gudang bulan ini.' });
      await visible(message);
      const menu = page.getByTestId('message-menu');
      for (let tries = 0; !(await menu.isVisible()) && tries < 30; tries += 1) {
        await message.click({ button: 'right' });
        await menu.waitFor({ state: 'visible', timeout: 500 }).catch(() => undefined);
      }
      await visible(menu.getByRole('button').last());
    },
  },
  {
    id: 'forward-dialog',
    title: 'Forward a message',
    group: 'Chat',
    path: `/chats/chat?uuid=${DIRECT_ROOM}`,
    show: async ({ page, t }) => {
      const sheet = await openMessageSheet(page, t, 'Rekap daftar hadir tim gudang bulan ini.');
      await sheet.getByRole('button', { name: t('chat.extras.forward'), exact: true }).click();
      await visible(lastDialog(page).getByTestId('forward-room').first());
    },
  },
  {
    id: 'room-menu',
    title: 'Room menu',
    group: 'Chat',
    path: `/chats/chat?uuid=${TEAM_ROOM}`,
    show: async ({ page, t }) => {
      await inRoom(page);
      await page.getByRole('button', { name: t('chat.roomMenu') }).click();
      await visible(page.getByRole('menuitem', { name: t('chat.groupInfo') }).or(lastDialog(page).getByRole('button', { name: t('chat.groupInfo') })).first());
    },
  },
  {
    id: 'upload-file',
    title: 'Upload File',
    group: 'Chat',
    path: `/chats/chat?uuid=${DIRECT_ROOM}`,
    show: async ({ page, t }) => {
      await inRoom(page);
      await page.getByRole('button', { name: t('chat.attach') }).click();
      await visible(lastDialog(page).getByPlaceholder(t('chat.upload.messagePlaceholder')));
    },
  },
  {
    id: 'upload-file-chosen',
    title: 'Upload File, files chosen',
    group: 'Chat',
    path: `/chats/chat?uuid=${DIRECT_ROOM}`,
    show: async ({ page, t }) => {
      await chooseFiles(page, t);
    },
  },
  {
    id: 'chat-room-long-file-name',
    title: 'Chat room, a file with a long name',
    group: 'Chat',
    path: `/chats/chat?uuid=${DIRECT_ROOM}`,
    // Sent here (the sandbox starts without it): the room's newest message, cut only where it does not fit.
    show: async ({ page, t }) => {
      const dialog = await chooseFiles(page, t, [LONG_FILE]);
      await dialog.getByRole('button', { name: t('chat.upload.submit') }).click();
      await dialog.waitFor({ state: 'hidden', ...VISIBLE });
      await visible(page.getByTestId('message').filter({ hasText: LONG_FILE.name }).last());
    },
  },
  {
    id: 'chats-detail',
    title: 'Group detail (chats/detail)',
    group: 'Chat',
    path: `/chats/detail?uuid=${TEAM_ROOM}`,
    show: async ({ page }) => visible(page.getByTestId('member-row').first()),
  },
  {
    id: 'chats-vote',
    title: 'Create a poll (chats/vote)',
    group: 'Chat',
    path: `/chats/vote?uuid=${TEAM_ROOM}`,
    show: async ({ page, t }) => visible(page.getByRole('button', { name: t('chat.vote.create') })),
  },
  {
    id: 'poll',
    title: 'Poll in a group chat',
    group: 'Chat',
    path: (data) => `/chats/chat?uuid=${data.pollRoomUuid}`,
    show: async ({ page }) => visible(page.getByTestId('poll').getByTestId('poll-total')),
  },
  {
    id: 'poll-voters',
    title: 'Poll voters',
    group: 'Chat',
    path: (data) => `/chats/chat?uuid=${data.pollRoomUuid}`,
    show: async ({ page, t }) => {
      await page.getByTestId('poll').getByRole('button', { name: t('chat.poll.seeVoters') }).click();
      await visible(lastDialog(page).getByText(BUDI.name).first());
    },
  },
  {
    id: 'notifications',
    title: 'Notifications',
    group: 'Notifications',
    path: '/notification',
    show: async ({ page }) => visible(page.getByTestId('notification-row').first()),
  },
  {
    id: 'my-qr',
    title: 'Home: My QR',
    group: 'QR codes',
    path: '/home',
    show: async ({ page, t }) => {
      await page.getByRole('button', { name: t('qr.my.open'), exact: true }).click();
      await visible(lastDialog(page).locator('canvas[data-code]'));
    },
  },
  {
    id: 'employee-qr-scan',
    title: 'Employee QR scan (the fake camera)',
    group: 'QR codes',
    path: '/employee-qr-scan',
    show: async ({ page }) => visible(page.locator('[data-testid="qr-viewport"][data-phase="scanning"]')),
  },
  {
    id: 'qr-location-checkin',
    title: 'QR location check-in (a place from a link)',
    group: 'QR codes',
    path: '/qr-location-checkin?location=JKT-HQ-L1',
    show: async ({ page }) => visible(page.getByTestId('check-in-confirm')),
  },
  {
    id: 'web-module',
    title: 'Web module frame (Helpdesk)',
    group: 'Web modules and errors',
    path: '/helpdesk',
    show: async ({ page }) => visible(page.frameLocator('iframe').first().getByText(/Signed in to the web module/)),
  },
  {
    id: 'not-found',
    title: 'Page not found',
    group: 'Web modules and errors',
    path: '/no-such-screen',
    show: async ({ page, t }) => visible(page.getByRole('link', { name: t('notFound.home') })),
  },
  {
    id: 'screen-error',
    title: 'A screen whose code cannot load',
    group: 'Web modules and errors',
    path: '/call',
    before: async ({ page }) => {
      await page.route(/\/assets\/call-search-screen-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    },
    show: async ({ page, t }) => visible(page.getByRole('button', { name: t('common.retry') })),
  },
  {
    id: 'call-tab',
    title: 'Call tab',
    group: 'Calls',
    path: '/call',
    show: async ({ page, t }) => visible(page.getByRole('tab', { name: t('calls.search.groups') })),
  },
  {
    id: 'call-tab-people',
    title: 'Call tab, People: recent contacts before typing',
    group: 'Calls',
    path: '/call',
    show: async ({ page, t }) => {
      await page.getByRole('tab', { name: t('calls.search.people') }).click();
      await visible(page.getByRole('region', { name: t('people.recent') }));
    },
  },
  {
    id: 'call-preview',
    title: 'Start a call (video-call/direct-video-call)',
    group: 'Calls',
    path: `/video-call/direct-video-call?user_id=${BUDI.id}`,
    show: async ({ page }) => visible(page.getByTestId('call-preview').getByRole('heading', { name: BUDI.name })),
  },
  {
    id: 'call-incoming',
    title: 'Incoming call, ringing',
    group: 'Calls',
    path: `/chat/chat-detail/video-call/${DEMO_CALL_ID}`,
    ownPage: true,
    show: async ({ page, t }) => visible(page.getByRole('button', { name: t('calls.call.accept') })),
  },
  {
    id: 'call-outgoing',
    title: 'Outgoing call, calling',
    group: 'Calls',
    path: `/chats/chat?uuid=${TEAM_ROOM}`,
    show: async (visit) => {
      // Budi listens before Ayu calls the group, so the next screen can show the call answered.
      visit.carried.set('budi', await visit.employeeWindow(BUDI));
      await inRoom(visit.page);
      await visit.page.getByTestId('room-video-call').click();
      await visible(visit.page.locator('[data-testid="call-screen"][data-phase="outgoing"]'));
    },
  },
  {
    id: 'call-in-call',
    title: 'In a call',
    group: 'Calls',
    path: 'continue',
    show: async ({ page, carried }) => {
      const budi = carried.get('budi') as Page;
      await budi.getByRole('button', { name: 'Accept' }).click({ timeout: 15_000 });
      await visible(page.locator('[data-testid="call-screen"][data-phase="in-call"]'));
      // The remote video is playing (its first frame decoded), not a black tile.
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="remote-video"] video')].some((video) => (video as HTMLVideoElement).readyState >= 2), undefined, VISIBLE);
    },
  },
  {
    id: 'call-attendees',
    title: 'Call attendees (video-call/attendee)',
    group: 'Calls',
    path: 'continue',
    show: async ({ page, t }) => {
      await page.getByRole('link', { name: t('calls.call.attendees') }).click();
      await visible(page.locator('[data-testid="attendee"][data-presence="connected"]'));
    },
  },
];

/** The announcement the pop-up shows (the sandbox's, mocks/sandbox/popup.ts, which pops up once per user only). */
/** The gallery's liked post (feed-post-comments): six comments, the latest three shown, Ayu's own among them. */
const LIKED_POST = {
  id: 1201,
  title: 'Town hall on Friday',
  content: '<p>Join the <strong>town hall</strong> on Friday at 10:00 in the main hall of Menara Maju Bersama, or follow the live stream.</p>',
  group_type: 'company_wide',
  user: { id: 7, first_name: 'Dewi', last_name: 'Kartika', signed_profile_picture_url: null },
  likes_count: 1234,
  liked_by_me: true,
  comments_count: 6,
  comments: [
    [12011, 57, 'Rizky', 'Pratama', 'See you there!', 2, false],
    [12012, 61, 'Siti', 'Rahmawati', 'Terima kasih infonya!', 0, false],
    [12013, 43, 'Budi', 'Santoso', 'Will it be streamed?', 5, false],
    [12014, 11, 'Agus', 'Setiawan', 'Siap, segera saya teruskan ke tim.', 1, false],
    [12015, 42, 'Ayu', 'Lestari', 'The live stream link is in the calendar invite.', 3, true],
    [12016, 14, 'Nur', 'Aisyah', 'Great news, our team will join from Cikarang.', 1, true],
  ].map(([id, userId, first, last, comment, likes, liked], index) => ({
    id,
    announcement_id: 1201,
    likes_count: likes,
    liked_by_me: liked,
    comment,
    user: { id: userId, first_name: first, last_name: last, signed_profile_picture_url: null },
    created_at: `2026-11-20T10:0${index}:00Z`,
  })),
  created_at: '2026-11-20T09:00:00Z',
};

const ANNOUNCEMENT = {
  id: 1300,
  title: 'Year-end leave reminder',
  content:
    '<h2>Year-end leave</h2><p>Submit your leave requests before <b>1 December</b>. See the <a href="https://hr.company.example/leave">leave policy</a>.</p><ul><li>Annual leave</li><li>Special leave</li></ul>',
};
