// The chat home names the live-chat socket's event (SPEC §3: websocket_id, also seen as websocketID).
import type { QueryClient } from '@tanstack/react-query';
import { recentChatHome } from '../../../api/chat-home.ts';

/**
 * The chat home's websocket id, or undefined when the server gives none; rejects on failure. A recent
 * answer (the chat list's, the badge's) serves: the id does not change within a session.
 */
export async function fetchLiveChatWebsocketId(queryClient: QueryClient): Promise<string | undefined> {
  const home = (await recentChatHome(queryClient)).chat_home;
  return home?.websocket_id || home?.websocketID || undefined;
}
