// The room's dialogs that open on a tap (Upload File, stickers, participants, voters, files and links, the
// message actions, the pinned list, forwarding a message, who read one) and the room menu's code:
// their code is not part of the room's start (the JavaScript evaluated before its first content); it
// is fetched once the room has shown its messages, so a tap rarely waits for it.
import { lazyComponent } from '../../../shared/loading/lazy-component.tsx';

export const UploadFileModal = lazyComponent(() => import('../upload/upload-file-modal.tsx').then((module) => ({ default: module.UploadFileModal })));
export const StickerPicker = lazyComponent(() => import('./sticker-picker.tsx').then((module) => ({ default: module.StickerPicker })));
export const ParticipantsPanel = lazyComponent(() => import('./participants-panel.tsx').then((module) => ({ default: module.ParticipantsPanel })));
export const PollVoters = lazyComponent(() => import('./poll-voters.tsx').then((module) => ({ default: module.PollVoters })));
export const MessageSheet = lazyComponent(() => import('./room-sheets.tsx').then((module) => ({ default: module.MessageSheet })));
export const PinnedList = lazyComponent(() => import('./room-sheets.tsx').then((module) => ({ default: module.PinnedList })));
export const RoomMenu = lazyComponent(() => import('../../../shared/ui/menu.tsx').then((module) => ({ default: module.Menu })));
export const FilesAndLinks = lazyComponent(() => import('./files-and-links.tsx').then((module) => ({ default: module.FilesAndLinks })));

/** Fetches the dialogs' code, and the commands they run (room-commands.ts), ahead of a tap (a failure is left for the tap to meet). */
export function preloadRoomDialogs(): void {
  for (const dialog of [RoomMenu, MessageSheet, PinnedList, UploadFileModal, StickerPicker, ParticipantsPanel, PollVoters, FilesAndLinks]) dialog.preload().catch(() => undefined);
  import('./room-commands.ts').catch(() => undefined);
}
