// Every route of SPEC §2, as data: the route table (src/app) is built from it and safe-path checks
// outside values (redirect_to, target_page, deep links) against it. Paths have no leading slash.

/** Where a route sits: inside the tab shell (Home, Chat, Call) or on its own. */
export type RouteShell = 'tabs' | 'top' | 'bare';

export interface AppRoute {
  path: string;
  shell: RouteShell;
  /** i18n key of the title shown in the header: `routes.<path with / as _>` (flat, so `chats` and `chats/detail` never clash). */
  titleKey: string;
}

// The spec's routes whose screens are native to this app; every other route opens the company's
// web module of the same name (src/features/modules) until a later issue makes it native.
export const NATIVE_ROUTES = new Set(['login', 'change-password', 'home', 'workspace']);

const TAB_ROUTES = [
  'home',
  'social',
  'calendar',
  'social-group',
  'video-call',
  'chats',
  'chats/detail',
  'chats/create',
  'chats/vote',
  'chats/chat',
  'call',
];

const TOP_ROUTES = [
  'workspace',
  'ess',
  'online-meetings',
  'bookings',
  'qr-location-checkin',
  'innovation-center',
  'live-chat',
  'live-chat/chat-room',
  'live-chat/create-group-chat',
  'booking-cafeteria',
  'ferry-management',
  'hostel-management',
  'activity-list',
  'covid',
  'one-stop-service-center',
  'gamification',
  'employee-assets',
  'work-space',
  'my-voice',
  'business-intelligence',
  'dispatcher',
  'qa-audit',
  'qa-audit/home',
  'store-operations',
  'store-operations-cp',
  'faq',
  'helpdesk',
  'mpp',
  'pick-work-location',
  'employee-qr-scan',
  'office-tools-new',
  'new-purchase-requisition',
  'application-library',
  'event-registration/home',
  'event-registration/ticket-details',
  'event-registration/history',
  'event-registration/list',
  'event-registration/waiting-room',
  'event-registration/faq',
  'budget-entry',
  'roadshow',
  'internal-vacancy',
  'attachment-view',
  'service-rating',
  'employee-confirmation',
  'report',
  'contract-license-system',
  'hub-invoicing',
  'notification',
  'chat',
  'todo',
  'messages/attendee',
  'messages/direct-chat',
  'project-tracker',
  'main',
  'video-call/attendee',
  'video-call/direct-video-call',
  'work-anniversary-detail',
  'chat/chat-detail/video-call/:chat_room_call_id',
];

// `social` is both a tab and a top-level route in SPEC §2; the tab shell holds it once.
const BARE_ROUTES = ['login', 'change-password'];

const titleKeyOf = (path: string) => `routes.${path.replace(/\/:[^/]+/g, '').replace(/\//g, '_')}`;

export const APP_ROUTES: readonly AppRoute[] = [
  ...BARE_ROUTES.map((path) => ({ path, shell: 'bare' as const, titleKey: titleKeyOf(path) })),
  ...TAB_ROUTES.map((path) => ({ path, shell: 'tabs' as const, titleKey: titleKeyOf(path) })),
  ...TOP_ROUTES.map((path) => ({ path, shell: 'top' as const, titleKey: titleKeyOf(path) })),
];

/** The landing page after login, and where an unsafe outside value lands. */
export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const CHANGE_PASSWORD_PATH = '/change-password';
