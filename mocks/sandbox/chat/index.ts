// The stateful chat sandbox: Prism cannot remember a sent message, so the live-chat calls are answered
// from memory here, and every new message is pushed to the members' apps through the realtime mock's
// socket.io server (`liveChat`), so two browser windows signed in as two employees chat live. Groups
// are created and run here too (members, admins, settings, polls), over an employee directory of
// 2,400 generated people besides the ones who can sign in. Video calls ring and end through the
// realtime mock's Pusher server (`callEvents`).
import type { SandboxResource } from '../routes.ts';
import type { ChatDeps } from './actions.ts';
import type { CallMediaServer } from './call-media.ts';
import { CallStore, callRoutes, revokeFromRoom, type CallEventEmitter } from './calls.ts';
import type { LiveChatEmitter } from './events.ts';
import { pollRoutes } from './polls.ts';
import { directoryRoutes } from './routes-directory.ts';
import { groupRoutes } from './routes-groups.ts';
import { messageRoutes } from './routes-messages.ts';
import { startRoutes } from './routes-start.ts';
import { v1Routes } from './routes-v1.ts';
import { v2Routes } from './routes-v2.ts';
import { seedChat } from './seed.ts';
import { stickerRoute } from './stickers.ts';
import { DEFAULT_UPLOAD_LIMITS, chatFileRoute } from './uploads.ts';
import { createUrgentReminders } from './urgent-reminders.ts';
import { searchRoutes } from './routes-search.ts';
import type { PushOutbox } from '../push-outbox.ts';

export { createIdentityResource, userIdFromRequest } from './identity.ts';
export type { LiveChatEmitter } from './events.ts';
export type { CallEventEmitter } from './calls.ts';
export type { CallMediaServer } from './call-media.ts';

export interface ChatResourceOptions {
  /** Sends the live-chat socket events (mocks/start.ts wires it to the realtime mock); none are sent without it. */
  liveChat?: LiveChatEmitter;
  /** Sends the call events to the users' private broadcast channels and opens each call's room (mocks/start.ts); none without it. */
  callEvents?: CallEventEmitter;
  /** The media server group calls go through (mocks/start.ts: the Janus beside the mocks); without it every call is peer to peer. */
  callMedia?: CallMediaServer;
  /** The largest file an upload takes, in bytes; larger ones get 413 (default 5 MB). */
  maxUploadBytes?: number;
  /** How fast upload bodies are read, in bytes per second, so progress bars move; 0 = unthrottled (default 2 MB/s). */
  uploadBytesPerSecond?: number;
  /** Where urgent chats' notifications and reminders go (urgent-reminders.ts); none are sent without it. */
  push?: Pick<PushOutbox, 'push'>;
}

export function createChatResource(options: ChatResourceOptions = {}): SandboxResource {
  const deps: ChatDeps = {
    store: seedChat(),
    liveChat: options.liveChat,
    limits: {
      maxUploadBytes: options.maxUploadBytes ?? DEFAULT_UPLOAD_LIMITS.maxUploadBytes,
      uploadBytesPerSecond: options.uploadBytesPerSecond ?? DEFAULT_UPLOAD_LIMITS.uploadBytesPerSecond,
    },
  };
  options.liveChat?.knowRooms?.((roomUuid) => deps.store.room(roomUuid)?.members);
  const urgent = options.push ? createUrgentReminders({ outbox: options.push }) : undefined;
  if (urgent) deps.onMessageAdded = urgent.messageAdded;
  const calls = new CallStore(options.callEvents);
  calls.seedDemo(deps.store);
  // A member removed from a group (or leaving it) is out of its running call's media room at once.
  deps.onMembersLeft = (room, userIds) => revokeFromRoom({ callMedia: options.callMedia }, calls, room.uuid, userIds);
  const routes = [
    ...v1Routes(deps),
    ...v2Routes(deps),
    ...startRoutes(deps),
    ...directoryRoutes(deps),
    ...groupRoutes(deps),
    ...pollRoutes(deps),
    ...messageRoutes(deps),
    ...callRoutes({ ...deps, callEvents: options.callEvents, callMedia: options.callMedia }, calls),
  ];
  return {
    name: 'chat',
    routes: [...routes, ...searchRoutes(deps), chatFileRoute(deps.store), stickerRoute, ...(urgent?.routes ?? [])],
    stop: () => urgent?.stopAll(),
  };
}
