// One file's bytes for the viewer: from this person's attachment cache when it was opened before (so it
// shows offline), else fetched from its signed URL and kept. The bytes are always typed with the MIME type
// the viewer decided from the file list (never the answer's Content-Type), so a PDF frame or an <img> never
// gets anything else; the object URL is revoked when the file changes or the screen goes.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { downloadFile, type Attachment } from '../api/attachments.ts';
import { readAttachment, storeAttachment } from './attachment-cache.ts';

export type AttachmentFile =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; blob: Blob; objectUrl: string }
  /** Offline and never opened on this device. */
  | { status: 'offline' }
  | { status: 'error'; error: unknown };

export interface AttachmentFileOptions {
  roomUuid: string;
  userId: number | undefined;
  /** False: read the cache only (a file the person has not asked to download yet). */
  fetchIfMissing: boolean;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function useAttachmentFile(attachment: Attachment | undefined, { roomUuid, userId, fetchIfMissing }: AttachmentFileOptions) {
  const [attempt, setAttempt] = useState(0);
  const messageUuid = attachment?.messageUuid;
  const url = attachment?.url;
  const mimeType = attachment?.mimeType;
  // What the state answers: a state of an earlier file (or attempt) reads as loading until this one's arrives.
  const key = messageUuid && mimeType ? JSON.stringify([roomUuid, messageUuid, mimeType, url, userId, fetchIfMissing, attempt]) : '';
  const [state, setKeyedState] = useState<{ key: string; file: AttachmentFile }>({ key: '', file: { status: 'idle' } });

  useEffect(() => {
    if (!key || !messageUuid || !mimeType) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    const setState = (file: AttachmentFile) => setKeyedState({ key, file });
    const show = (blob: Blob) => {
      const typed = blob.type === mimeType ? blob : new Blob([blob], { type: mimeType });
      objectUrl = URL.createObjectURL(typed);
      setState({ status: 'ready', blob: typed, objectUrl });
    };
    void (async () => {
      const kept = userId !== undefined ? await readAttachment(userId, roomUuid, messageUuid) : undefined;
      if (controller.signal.aborted) return;
      if (kept) return show(kept);
      if (!fetchIfMissing) return setState({ status: 'idle' });
      if (!url) return setState({ status: 'error', error: new ApiError('malformed', undefined, undefined) });
      if (isOffline()) return setState({ status: 'offline' });
      try {
        const { blob } = await downloadFile(url, controller.signal);
        if (controller.signal.aborted) return;
        const typed = new Blob([blob], { type: mimeType });
        if (userId !== undefined) void storeAttachment(userId, roomUuid, messageUuid, typed);
        show(typed);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState(isOffline() ? { status: 'offline' } : { status: 'error', error });
      }
    })();
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key, messageUuid, mimeType, url, roomUuid, userId, fetchIfMissing]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const file: AttachmentFile = state.key === key ? state.file : { status: key ? 'loading' : 'idle' };
  return { file, retry };
}
