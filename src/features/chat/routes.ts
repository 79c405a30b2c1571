// Live chat's native screens (SPEC §2): the chat list and a chat room for both route families, how a
// chat begins (Create Group Chat on v1, the mass-search creation on v2, a direct chat from a link), a
// group's detail and polls. social, chat and social-group are aliases of /chats (ROUTE_ALIASES).
import type { FeatureRoutes } from '../../shared/routes/app-routes.ts';

const list = () => import('./list/chat-list-screen.tsx').then((module) => ({ default: module.ChatListScreen }));
// A room opened on a wide screen (from 1024 px, as src/shared/ui/wide-screen.ts) comes with the chat list beside
// it (list/chat-room-route.tsx, which loads the list only then); on a phone the room's code is all the
// route loads, as before, so the room's first content does not wait for the split view's code.
const room = () =>
  matchMedia('(min-width: 1024px)').matches
    ? import('./list/chat-room-route.tsx').then((module) => ({ default: module.ChatRoomRoute }))
    : import('./room/chat-room-screen.tsx').then((module) => ({ default: module.ChatRoomScreen }));

/** The screens reached from inside chat or from a link (screens-on-demand.ts). */
const onDemand = () => import('./screens-on-demand.ts');

export const chatRoutes = {
  chats: list,
  'live-chat': list,
  'chats/chat': room,
  'live-chat/chat-room': room,
  'live-chat/create-group-chat': () => onDemand().then((screens) => screens.createGroupChatScreen()),
  'chats/create': () => onDemand().then((screens) => screens.createChatScreen()),
  'chats/detail': () => onDemand().then((screens) => screens.chatDetailScreen()),
  'messages/direct-chat': () => onDemand().then((screens) => screens.directChatScreen()),
  'chats/vote': () => onDemand().then((screens) => screens.voteScreen()),
  'attachment-view': () => onDemand().then((screens) => screens.attachmentViewScreen()),
} satisfies FeatureRoutes;
