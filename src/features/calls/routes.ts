// Video calls' native screens (SPEC §2, issue 12): the Call tab and /video-call search people and
// groups to call; direct-video-call starts a call; the incoming-call route rings, and is also the
// in-call screen for both sides; attendee lists who is in the current call.
import type { FeatureRoutes } from '../../shared/routes/app-routes.ts';

const search = () => import('./search/call-search-screen.tsx').then((module) => ({ default: module.CallSearchScreen }));

export const callRoutes = {
  call: search,
  'video-call': search,
  'video-call/direct-video-call': () => import('./start/start-call-screen.tsx').then((module) => ({ default: module.StartCallScreen })),
  'video-call/attendee': () => import('./attendee/attendee-screen.tsx').then((module) => ({ default: module.AttendeeScreen })),
  'chat/chat-detail/video-call/:chat_room_call_id': () => import('./call/call-screen.tsx').then((module) => ({ default: module.CallScreen })),
} satisfies FeatureRoutes;
