// What a notification is about, read from the screen it opens (the contract has no kind), and its
// icon: chat, calls, meetings, the calendar and events, HR (ESS, payslips, approvals), or a bell.
import { BellIcon, CalendarIcon, CallIcon, ChatIcon, HrIcon, VideoIcon, type IconComponent } from '../../../shared/ui/icons.tsx';
import type { NotificationItem } from '../api.ts';

export type NotificationKind = 'chat' | 'call' | 'meeting' | 'calendar' | 'hr' | 'other';

export const KIND_ICONS: Record<NotificationKind, IconComponent> = {
  chat: ChatIcon,
  call: CallIcon,
  meeting: VideoIcon,
  calendar: CalendarIcon,
  hr: HrIcon,
  other: BellIcon,
};

const BY_SECTION: ReadonlyArray<[RegExp, NotificationKind]> = [
  [/^(chats|live-chat|social)\b/, 'chat'],
  [/^(call|video-call)\b/, 'call'],
  [/^online-meeting/, 'meeting'],
  [/^(calendar|event)/, 'calendar'],
  [/^(ess|payslip|leave|overtime|attendance|approval|new-purchase|purchase)/, 'hr'],
];

export function notificationKind(notification: Pick<NotificationItem, 'target_page'>): NotificationKind {
  const page = typeof notification.target_page === 'string' ? notification.target_page.trim().replace(/^\/+/, '').toLowerCase() : '';
  return BY_SECTION.find(([pattern]) => pattern.test(page))?.[1] ?? 'other';
}
