// Live chat's native screens (SPEC §2): the chat list and a chat room, for both route families.
import type { FeatureRoutes } from '../../shared/routes/app-routes.ts';

const list = () => import('./list/chat-list-screen.tsx').then((module) => ({ default: module.ChatListScreen }));
const room = () => import('./room/chat-room-screen.tsx').then((module) => ({ default: module.ChatRoomScreen }));

export const chatRoutes = {
  chats: list,
  'live-chat': list,
  'chats/chat': room,
  'live-chat/chat-room': room,
} satisfies FeatureRoutes;
