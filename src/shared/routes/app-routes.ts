// Every route of SPEC §2, as data: the route table (src/app) is built from it and safe-path checks
// outside values (redirect_to, target_page, deep links) against it. Paths have no leading slash.
// A feature that has a native screen for a route declares it (FeatureRoutes); every other route
// opens the company's web module of the same path.
import type { ComponentType } from 'react';

/** Where a route sits: inside the tab shell (Home, Chat, Call) or on its own. */
export type RouteShell = 'tabs' | 'top' | 'bare';

export interface AppRoute {
  path: RoutePath;
  shell: RouteShell;
  /** i18n key of the title shown in the header: `routes.<path with / as _>` (flat, so `chats` and `chats/detail` never clash). */
  titleKey: string;
}

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
] as const;

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
] as const;

// `social` is both a tab and a top-level route in SPEC §2; the tab shell holds it once.
const BARE_ROUTES = ['login', 'change-password'] as const;

export type RoutePath = (typeof BARE_ROUTES)[number] | (typeof TAB_ROUTES)[number] | (typeof TOP_ROUTES)[number];

/** A native screen's code, loaded on the route's first visit. */
export type ScreenModule = () => Promise<{ default: ComponentType }>;

/** The routes a feature serves with its own screens. */
export type FeatureRoutes = Partial<Record<RoutePath, ScreenModule>>;

const titleKeyOf = (path: string) => `routes.${path.replace(/\/:[^/]+/g, '').replace(/\//g, '_')}`;

export const APP_ROUTES: readonly AppRoute[] = [
  ...BARE_ROUTES.map((path) => ({ path, shell: 'bare' as const, titleKey: titleKeyOf(path) })),
  ...TAB_ROUTES.map((path) => ({ path, shell: 'tabs' as const, titleKey: titleKeyOf(path) })),
  ...TOP_ROUTES.map((path) => ({ path, shell: 'top' as const, titleKey: titleKeyOf(path) })),
];

/**
 * Routes of SPEC §2 that name a screen the app already has under another address (issue 24): opened
 * (typed, linked, pushed, redirect_to), they land on that screen, replacing the entry and keeping their
 * query (a `chat_room_call_id` goes along to the attendee list). One screen, one address: the tab bar
 * marks it, Back works, and Home's Services list it once. Nothing is written by following one.
 */
export const ROUTE_ALIASES: Partial<Record<RoutePath, `/${StaticRoute}` | `/${StaticRoute}?${string}`>> = {
  social: '/chats',
  chat: '/chats',
  'social-group': '/chats?filter=groups',
  'messages/attendee': '/video-call/attendee',
};

/** A route of the table without `:parameters`. */
export type StaticRoute = Exclude<RoutePath, `${string}:${string}`>;

/**
 * The address of a route without parameters (`route('notification')` is `/notification`; a name that is
 * not in the table does not compile). Here rather than in paths.ts, where the other builders are: the
 * start's own code (the route table, the tab bar) needs only this, and the builders stay out of it.
 */
export const route = <P extends StaticRoute>(path: P): `/${P}` => `/${path}`;

// Checked against the table (no runtime cost); every other address is built in paths.ts.
/** The landing page after login, and where an unsafe outside value lands. */
export const HOME_PATH = '/home' satisfies `/${RoutePath}`;
export const LOGIN_PATH = '/login' satisfies `/${RoutePath}`;
export const CHANGE_PASSWORD_PATH = '/change-password' satisfies `/${RoutePath}`;
