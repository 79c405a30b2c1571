// Broadcast authentication (SPEC §7: /broadcasting/auth and /broadcasting/user-auth) through the
// generated SDK: pusher-js's own XHR would bypass src/api, and with it the session's bearer token and
// the platform headers the backend expects on every request.
import { authenticateBroadcastUser, authorizeBroadcastChannel } from '../../../../generated/http/sdk.gen.ts';
import type { BroadcastAuthResponse, BroadcastUserAuthResponse } from '../../../../generated/http/types.gen.ts';

/** The signature for a private-* or presence-* channel on this socket. */
export async function authorizeChannel(socketId: string, channelName: string): Promise<BroadcastAuthResponse> {
  const { data } = await authorizeBroadcastChannel({ body: { socket_id: socketId, channel_name: channelName }, throwOnError: true });
  return data;
}

/** The signed user data for pusher:signin on this socket. */
export async function authenticateUser(socketId: string): Promise<BroadcastUserAuthResponse> {
  const { data } = await authenticateBroadcastUser({ body: { socket_id: socketId }, throwOnError: true });
  return data;
}
