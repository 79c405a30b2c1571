// The chat home names the live-chat socket's event (SPEC §3: websocket_id, also seen as websocketID).
import { fetchChatHome } from '../../../api/chat-home.ts';

/** The chat home's websocket id, or undefined when the server gives none; rejects on failure. */
export async function fetchLiveChatWebsocketId(): Promise<string | undefined> {
  const { data } = await fetchChatHome();
  const home = data.chat_home;
  return home?.websocket_id || home?.websocketID || undefined;
}
