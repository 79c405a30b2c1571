// A room bound once to the API version of the address it was opened from (SPEC §2: /live-chat/chat-room
// speaks v1, /chats/chat v2 where v2 has the call): the room screen, its panels and the outbox speak to
// a RoomApi, and never pass a version around. What one outbox entry sends (a text, a sticker, files with
// their message) goes through `send`, whatever its kind.
import type { UploadProgress } from '../../../api/upload.ts';
import type { ReplyPreview, RoomMessage } from './message-model.ts';
import { chatAdapter, type ChatVersion, type MessagePage } from './messages.ts';

export type { ChatVersion };

/** Which room, on which API version: what an outbox entry or a draft stores to find its room again. */
export interface RoomRef {
  readonly version: ChatVersion;
  readonly uuid: string;
}

/** A file kept in the outbox until the server has it (its bytes as a Blob in IndexedDB). */
export interface OutgoingFile {
  name: string;
  type: string;
  size: number;
  blob: Blob;
}

/** What one outbox entry sends. `text` is the message (a file's optional message; empty for a sticker). */
export type OutgoingMessage =
  | { kind: 'text'; text: string; replyTo?: ReplyPreview }
  | { kind: 'sticker'; text: ''; sticker: { id: number; name: string | null; imageUrl: string | null } }
  | { kind: 'file'; text: string; files: readonly OutgoingFile[] };

/** How a send that moves bytes reports its progress, and how it is cancelled. */
export interface Transfer {
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

export interface RoomApi extends RoomRef {
  viewPage(page: number): Promise<MessagePage>;
  /** The page holding a message (a pinned message tapped). */
  viewAround(messageUuid: string): Promise<MessagePage>;
  /** SPEC §4 "read marks on open": v1 reset-meta, v2 read-message. */
  markRead(): Promise<void>;
  pinnedList(roomId: number): Promise<RoomMessage[]>;
  /** v2 only (update-message); null when the answer leaves the message out (the edit counts as done). */
  edit: ((messageUuid: string, text: string) => Promise<RoomMessage | null>) | undefined;
  pin(messageUuid: string): Promise<void>;
  unpin(messageUuid: string): Promise<void>;
  remove(messageUuid: string): Promise<void>;
  /**
   * Sends one outbox entry; the server's messages for it (one, or one per file of a v2 batch; none
   * when the answer leaves them out: they count as sent and show from their live events or the next load).
   */
  send(message: OutgoingMessage, clientId: string, transfer?: Transfer): Promise<RoomMessage[]>;
  /** v2 takes several files in one message batch; v1 one file. */
  severalFiles: boolean;
  /** A v2 group has a detail screen and a member count; a v1 group lists its participants. */
  groupDetail: boolean;
}

const asFile = (file: OutgoingFile) => new File([file.blob], file.name, { type: file.type });

export function roomApi({ version, uuid }: RoomRef): RoomApi {
  const adapter = chatAdapter(version);
  return {
    version,
    uuid,
    viewPage: (page) => adapter.viewPage(uuid, page),
    viewAround: (messageUuid) => adapter.viewAround(uuid, messageUuid),
    markRead: () => adapter.markRead(uuid),
    pinnedList: (roomId) => adapter.pinnedList({ id: roomId, uuid }),
    edit: adapter.edit,
    pin: (messageUuid) => adapter.pin(uuid, messageUuid),
    unpin: (messageUuid) => adapter.unpin(uuid, messageUuid),
    remove: (messageUuid) => adapter.remove(uuid, messageUuid),
    async send(message, clientId, transfer = {}) {
      switch (message.kind) {
        case 'text':
          return adapter.send(uuid, message.text, clientId, message.replyTo?.uuid);
        case 'sticker': {
          // Its call loads with the sticker picker, or with the first sticker sent.
          const { sendSticker } = await import('./stickers.ts');
          return sendSticker(uuid, message.sticker.id, clientId);
        }
        case 'file': {
          // The upload request (XMLHttpRequest, for its progress) loads with the first file sent.
          const { uploadFiles } = await import('./uploads.ts');
          return uploadFiles({ version, roomUuid: uuid, files: message.files.map(asFile), message: message.text, clientId, ...transfer });
        }
      }
    },
    severalFiles: version === 'v2',
    groupDetail: version === 'v2',
  };
}
