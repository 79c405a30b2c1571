// Typed builders for the app's addresses: every in-app path is built here, from the route table
// (app-routes.ts), so no path string is written twice and a builder cannot name a route that does not
// exist (`route('homee')` does not compile; paths.test.ts checks every builder against the table).
// Import as a namespace (`import * as paths from '…/paths.ts'`): each builder is its own export, so a
// screen's chunk carries only the ones it uses.
import { CHANGE_PASSWORD_PATH, HOME_PATH, LOGIN_PATH, route, type RoutePath, type StaticRoute } from './app-routes.ts';

export { route, type StaticRoute };

/** A route of the table with `:parameters`. */
export type ParameterRoute = Exclude<RoutePath, StaticRoute>;
type ParametersOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParametersOf<Rest> : P extends `${string}:${infer Name}` ? Name : never;

/** The address of a route with its `:parameters` filled in, each encoded as one path segment. */
export function routeWith<P extends ParameterRoute>(path: P, values: Record<ParametersOf<P>, string | number>): string {
  return `/${path.replace(/:([^/]+)/g, (_, name: string) => encodeURIComponent(String(values[name as ParametersOf<P>])))}`;
}

/** A query string, values encoded as the app has always written them (encodeURIComponent). */
const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${Object.entries(query)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&')}`;

/** The live-chat API family a screen speaks: /chats is v2, /live-chat is v1 (SPEC §2). */
export type ChatVersion = 'v1' | 'v2';

export const home = HOME_PATH;
export const login = LOGIN_PATH;
export const changePassword = CHANGE_PASSWORD_PATH;
export const notification = route('notification');

/** The Call tab. */
export const callTab = route('call');
/** A call, opened on an incoming call or after a start (SPEC §2 chat/chat-detail/video-call/{chat_room_call_id}). */
export const callScreen = (chatRoomCallId: string | number) => routeWith('chat/chat-detail/video-call/:chat_room_call_id', { chat_room_call_id: chatRoomCallId });
/** Who is in a group call. */
export const callAttendees = (chatRoomCallId: string | number) => withQuery(route('video-call/attendee'), { chat_room_call_id: chatRoomCallId });

/** The chat list of a family. */
export const chatList = (version: ChatVersion) => (version === 'v1' ? route('live-chat') : route('chats'));
/** A chat room of a family; the room is in the address, so a reload or a deep link reopens it. */
export const chatRoom = (version: ChatVersion, roomUuid: string) => withQuery(version === 'v1' ? route('live-chat/chat-room') : route('chats/chat'), { uuid: roomUuid });
/** The family an address belongs to. */
export const chatVersionOf = (pathname: string): ChatVersion => (pathname.startsWith(chatList('v1')) ? 'v1' : 'v2');
/** A chat's detail (v2). */
export const chatDetail = (roomUuid: string) => withQuery(route('chats/detail'), { uuid: roomUuid });
/** Setting up a poll in a group (v2). */
export const chatVote = (roomUuid: string) => withQuery(route('chats/vote'), { uuid: roomUuid });
/** Creating a group chat: v2's screen, v1's Create Group Chat. */
export const chatCreate = (version: ChatVersion) => (version === 'v1' ? route('live-chat/create-group-chat') : route('chats/create'));
/**
 * A chat file in the attachment viewer: the room, the file's message and the family whose room Back
 * returns to are in the address, so a reload or a link reopens the same file (it only shows: nothing is written).
 */
export const attachmentView = (version: ChatVersion, roomUuid: string, messageUuid: string) =>
  withQuery(route('attachment-view'), { uuid: roomUuid, message: messageUuid, family: version });
/** The start-call screen (src/shared/domain/start-call-link.ts adds whom to call). */
export const startCall = route('video-call/direct-video-call');
/** The employee QR scan (a camera scanner: src/features/qr). */
export const employeeQrScan = route('employee-qr-scan');
/** The QR location check-in; with a location code, the place is shown ready to check in (a tap still does it). */
export const qrLocationCheckIn = (locationCode?: string) => (locationCode ? withQuery(route('qr-location-checkin'), { location: locationCode }) : route('qr-location-checkin'));
