// A room's files as the attachment viewer shows them (GET /live-chat/chat-room/{uuid}/files, the same
// query as the Files panel): each known by its message's uuid (what a file message and the files call
// both carry), in the order they were sent, with the kind the viewer draws it as. The bytes come through
// src/api's downloadFile (the signed URL, no bearer token).
import { downloadFile, type DownloadedFile } from '../../../api/file-download.ts';
import { displayText } from '../../../shared/format/display-text.ts';
import { httpUrl as readHttpUrl, parseDate } from '../../../shared/format/formatters.ts';
import type { ChatFile } from './room-lists.ts';

export { downloadFile, type DownloadedFile };

/** How the viewer shows a file: a picture, the browser's PDF viewer, its player, or a card with Download. */
export type AttachmentKind = 'image' | 'pdf' | 'video' | 'audio' | 'other';

export interface Attachment {
  messageUuid: string;
  /** Without bidirectional controls (a name someone else wrote). */
  name: string;
  size: number | null;
  /** The MIME type the viewer gives the bytes (the server's, or one from the name's extension). */
  mimeType: string;
  kind: AttachmentKind;
  /** An http(s) URL, or null when the server sent none usable. */
  url: string | null;
  createdAt: string | null;
  from: string | null;
}

// What every current browser shows in an <img>, plays in <video>/<audio>: anything else is a download.
// (HEIC, TIFF, QuickTime and the like are not shown in place by Chromium.) SVG is left out: a drawing can
// hold links and scripts, and no one sends one as a photo.
const IMAGE = /^image\/(png|jpeg|gif|webp|avif|bmp)$/;
const VIDEO = /^video\/(mp4|webm|ogg)$/;
const AUDIO = /^audio\/(mpeg|mp3|mp4|aac|x-m4a|wav|x-wav|wave|ogg|webm|flac|opus)$/;

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  flac: 'audio/flac',
};

/** The MIME type to show a file as: the server's when it says something specific, else from the extension. */
export function mimeTypeOf(name: string, declared: string | null | undefined): string {
  const mime = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (mime && mime !== 'application/octet-stream' && mime !== 'binary/octet-stream') return mime;
  const dot = name.lastIndexOf('.');
  return (dot > 0 && BY_EXTENSION[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

export function kindOf(mimeType: string): AttachmentKind {
  if (IMAGE.test(mimeType)) return 'image';
  if (mimeType === 'application/pdf') return 'pdf';
  if (VIDEO.test(mimeType)) return 'video';
  if (AUDIO.test(mimeType)) return 'audio';
  return 'other';
}

/** Only http(s): a javascript:, data: or other URL is never fetched or linked. */
export function httpUrl(value: string | null | undefined): string | null {
  return readHttpUrl(value, typeof location === 'undefined' ? undefined : location.href);
}

const time = (value: string | null) => parseDate(value)?.getTime() ?? 0;

/** The files call's answer as the viewer's list: files without a message uuid left out, oldest first. */
export function toAttachments(files: readonly ChatFile[] | null | undefined): Attachment[] {
  const list = (files ?? []).flatMap((file): Attachment[] => {
    if (!file.message_uuid) return [];
    const name = displayText(file.file_name) || 'file';
    const mimeType = mimeTypeOf(name, file.mime_type);
    return [
      {
        messageUuid: file.message_uuid,
        name,
        size: file.file_size ?? null,
        mimeType,
        kind: kindOf(mimeType),
        url: httpUrl(file.signed_file_url ?? file.file_url),
        createdAt: file.created_at ?? null,
        from: displayText(file.from_user_name) || null,
      },
    ];
  });
  // Stable: files sent in the same second keep the server's order (newest first), reversed.
  return list.reverse().sort((a, b) => time(a.createdAt) - time(b.createdAt));
}
