// What a person does to a message or to the room as a whole, as the room controller runs them
// (`controller.run(name, ...)`): each is one exported function taking the room's context first. Adding
// one is a function here, its entry where people find it (the message's sheet, the room's menu) and
// its texts. This module loads with the room's dialogs, after the room's first content, so the room's
// start carries none of it. A change to a message shows at once through the chat's store and is kept
// or undone by the server's answer; a refusal is shown (SPEC §8) and the message shows as it was.
import type { QueryClient } from '@tanstack/react-query';
import * as paths from '../../../shared/routes/paths.ts';
import { showConfirm } from '../../../shared/ui/alert-host.tsx';
import { showToast } from '../../../shared/ui/toast.tsx';
import { forwardMessage, myReaction, sendReaction, withMyReaction } from '../api/message-extras.ts';
import type { ReactionType, RoomMessage } from '../api/message-model.ts';
import { deleteRoom, leaveRoom, muteRoom } from '../api/room-actions.ts';
import type { RoomApi } from '../api/room-api.ts';
import { chatMessages, pinnedKey } from '../store/chat-messages.ts';
import type { RoomUi } from './room-controller.ts';

export interface RoomContext {
  api: RoomApi;
  queryClient: QueryClient;
  ui: RoomUi;
}

/**
 * A change to a message, shown at once and kept or undone by the server's answer. `request` answers
 * the server's copy of the change, or nothing (the change stands as made). False when refused.
 */
async function changeMessage(
  { api, ui }: RoomContext,
  uuid: string,
  change: (message: RoomMessage) => RoomMessage | null,
  request: () => Promise<((message: RoomMessage) => RoomMessage | null) | void>,
): Promise<boolean> {
  const pending = chatMessages.change(api, uuid, change);
  try {
    pending.confirm((await request()) ?? undefined);
    return true;
  } catch (error) {
    pending.undo();
    await ui.fail(error);
    return false;
  }
}

const refreshPins = ({ api, queryClient }: RoomContext) => void queryClient.invalidateQueries({ queryKey: pinnedKey(api) });

/** Pins or unpins a message: shown at once, the pinned list asked again once the server agrees. */
export async function pin(context: RoomContext, uuid: string, pinned: boolean) {
  const { api } = context;
  const pinnedAt = pinned ? new Date().toISOString() : null;
  if (await changeMessage(context, uuid, (message) => ({ ...message, pinnedAt }), () => (pinned ? api.pin : api.unpin)(uuid))) refreshPins(context);
}

/** Deletes one of the user's messages, once they confirm. */
export async function remove(context: RoomContext, uuid: string) {
  const yes = await showConfirm({ headerKey: 'chat.deleteMessage', message: { key: 'chat.confirmDeleteMessage' }, buttonKey: 'chat.delete', cancelKey: 'chat.cancel' });
  if (yes && (await changeMessage(context, uuid, () => null, () => context.api.remove(uuid)))) refreshPins(context);
}

/** Sets the user's reaction, or takes it away (choosing the one already there). */
export async function react(context: RoomContext, message: RoomMessage, reaction: ReactionType) {
  const next = myReaction(message) === reaction ? null : reaction;
  await changeMessage(
    context,
    message.uuid,
    (shown) => ({ ...shown, reactions: withMyReaction(shown.reactions ?? [], next) }),
    async () => {
      const confirmed = await sendReaction(context.api.uuid, message.uuid, next);
      return confirmed ? (shown) => ({ ...shown, reactions: confirmed }) : undefined;
    },
  );
}

/** Forwards a message to rooms; the copies arrive there as live messages. A refusal is thrown (the forward sheet keeps the choice and says why). */
export async function forward(_context: RoomContext, message: RoomMessage, roomUuids: readonly string[], clientId: string) {
  await forwardMessage(message.uuid, roomUuids, clientId);
}

/** Copies a message's text to the clipboard, and says so. */
export async function copyText({ ui }: RoomContext, message: RoomMessage) {
  // No clipboard (an insecure origin) throws at once: a failure like a refusal.
  const copied = await Promise.resolve()
    .then(() => navigator.clipboard.writeText(message.text ?? ''))
    .then(
      () => true,
      () => false,
    );
  showToast(ui.t(copied ? 'chat.copied' : 'chat.copyFailed'), { tone: copied ? 'success' : 'danger' });
}

/** Mutes the room, or unmutes it (the server toggles). */
export async function mute({ api, queryClient, ui }: RoomContext) {
  await muteRoom(queryClient, api.uuid).catch(ui.fail);
}

/** Asks first (`key`: the dialog's texts), then does it and goes back to the chat list. */
async function confirmThenLeave({ api, ui }: RoomContext, key: string, run: () => Promise<unknown>) {
  const yes = await showConfirm({ headerKey: key, message: { key: `${key}Confirm` }, buttonKey: key, cancelKey: 'chat.cancel' });
  if (yes) await run().then(() => ui.navigate(paths.chatList(api.version)), ui.fail);
}

export const deleteChat = (context: RoomContext) => confirmThenLeave(context, 'chat.deleteChat', () => deleteRoom(context.queryClient, context.api.uuid));
export const leave = (context: RoomContext) => confirmThenLeave(context, 'chat.leaveGroup', () => leaveRoom(context.queryClient, context.api.uuid));
