// The stateful notifications sandbox: every signed-in employee (chat/identity.ts) gets 45 notifications
// of their own, newest first, 20 a page (GET /notification/list), ten of them unread. Marking one read
// (POST /notification/{id}/read) lowers that employee's unread count (GET /notification/unread/count),
// so the app's badge and list agree; the pending approvals count is fixed. The targets are the kinds a
// backend sends: a mention opening its room at the message (nav_params {uuid, message}; for someone
// outside that room, /chats), a chat room with nav_params {uuid}, /home, routes without a slash and none.
// The texts read as a real company's (tests/realtime/sandbox-seed.test.ts checks): a hostile target the
// app must not open is a test's own (src/features/notifications/list/notifications-screen.test.tsx, the
// push tests' HOSTILE_TARGETS), never the demo's.
import { userIdFromRequest } from './chat/identity.ts';
import { DIRECT_ROOM_UUID, MENTION_MESSAGE, TEAM_ROOM_UUID } from './chat/seed.ts';
import { operation, pageParam, paginate, refuse, type SandboxContext, type SandboxResource } from './routes.ts';

export const NOTIFICATIONS_PER_USER = 45;
export const NOTIFICATIONS_PER_PAGE = 20;
export const PENDING_APPROVALS = 3;
/** Positions (0 = newest) of the unread ones: the five newest and a few further down the pages. */
export const UNREAD_POSITIONS: ReadonlySet<number> = new Set([0, 1, 2, 3, 4, 7, 12, 21, 33, 44]);

export interface SandboxNotification {
  id: number;
  title: string;
  body: string | null;
  target_page: string | null;
  nav_params: Record<string, unknown> | null;
  read_at: string | null;
  created_at: string;
}

type Template = Pick<SandboxNotification, 'title' | 'body' | 'target_page' | 'nav_params'>;

/** The newest five, in order, so the first screen shows each kind of target. */
const NEWEST: Template[] = [
  { title: 'Budi Santoso mentioned you', body: `In "Tim Operasional Jakarta": ${MENTION_MESSAGE.text}`, target_page: '/chats', nav_params: null },
  { title: 'New message from Budi Santoso', body: 'See you at 9 in the lobby.', target_page: '/live-chat/chat-room', nav_params: { uuid: DIRECT_ROOM_UUID } },
  { title: 'Medical reimbursement paid', body: 'Rp 350.000 for your claim of 18 November was transferred with your salary.', target_page: 'ess', nav_params: null },
  { title: 'Leave request approved', body: 'Your leave for 24-26 December was approved.', target_page: '/home', nav_params: null },
  { title: 'Approval needed: PR-1043', body: 'A purchase requisition waits for your approval.', target_page: 'new-purchase-requisition', nav_params: null },
];

/** The older ones cycle through these. */
const OLDER: Template[] = [
  { title: 'Your payslip is ready', body: 'The payslip for this month is in ESS.', target_page: 'ess', nav_params: null },
  { title: 'Online meeting in 15 minutes', body: 'Weekly operations sync.', target_page: '/online-meetings', nav_params: null },
  { title: 'New announcement', body: 'The office is closed on the national holiday.', target_page: 'home', nav_params: null },
  { title: 'Event registration is open', body: 'Town hall: seats are limited.', target_page: 'event-registration/home', nav_params: null },
  { title: 'Reminder', body: 'Submit your timesheet before Friday.', target_page: null, nav_params: null },
  { title: 'New message in a group', body: 'Tim Operasional Jakarta has new messages.', target_page: 'chats', nav_params: null },
  { title: 'Overtime request approved', body: null, target_page: '/home', nav_params: null },
];

const MINUTES_APART = 97;

/** The members of "Tim Operasional Jakarta" (seed.ts): their mention opens the room at Budi's message. */
const TEAM_MEMBERS: ReadonlySet<number> = new Set([42, 43, 57, 61]);
export const MENTION_TARGET = { target_page: '/chats/chat', nav_params: { uuid: TEAM_ROOM_UUID, message: MENTION_MESSAGE.uuid } } as const;

/** An employee's notifications as the sandbox first serves them (exported for the seed's own test). */
export function seedNotifications(userId: number, now: number): SandboxNotification[] {
  return Array.from({ length: NOTIFICATIONS_PER_USER }, (_, position) => {
    const newest = position === 0 && TEAM_MEMBERS.has(userId) ? { ...NEWEST[0]!, ...MENTION_TARGET, nav_params: { ...MENTION_TARGET.nav_params } } : NEWEST[position];
    const template = newest ?? OLDER[(position - NEWEST.length) % OLDER.length]!;
    const createdAt = new Date(now - position * MINUTES_APART * 60_000);
    return {
      id: userId * 1000 + (NOTIFICATIONS_PER_USER - position),
      ...template,
      read_at: UNREAD_POSITIONS.has(position) ? null : new Date(createdAt.getTime() + 30 * 60_000).toISOString(),
      created_at: createdAt.toISOString(),
    };
  });
}

export interface NotificationsResourceOptions {
  /** The seed's clock (tests pin it). */
  now?: () => number;
}

export function createNotificationsResource({ now = Date.now }: NotificationsResourceOptions = {}): SandboxResource {
  const byUser = new Map<number, SandboxNotification[]>();
  const notificationsOf = (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    let list = byUser.get(userId);
    if (!list) byUser.set(userId, (list = seedNotifications(userId, now())));
    return list;
  };

  return {
    name: 'notifications',
    routes: [
      operation('GET', '/notification/list', 'getNotifications', (context) =>
        context.ok(paginate(notificationsOf(context), pageParam(context.query), NOTIFICATIONS_PER_PAGE)),
      ),
      operation('POST', '/notification/:id/read', 'markNotificationRead', (context) => {
        const found = notificationsOf(context).find((notification) => String(notification.id) === context.params.id);
        if (!found) return refuse(404, 'Notification not found.');
        found.read_at ??= new Date(now()).toISOString();
        return context.ok({ message: 'Notification marked as read.' });
      }),
      operation('GET', '/notification/unread/count', 'getUnreadNotificationCount', (context) =>
        context.ok({ notification_unread_counts: notificationsOf(context).filter((notification) => notification.read_at === null).length }),
      ),
      operation('GET', '/notification/approvals/pending', 'getPendingApprovals', (context) => context.ok({ total_approval: PENDING_APPROVALS })),
    ],
  };
}
