// File messages (SPEC §7 upload-file; v2 upload-file and batch-upload-file): multipart through the
// one upload-with-progress request of src/api, checked against the generated response schemas.
import { zBatchUploadFilesV2Response, zUploadFileResponse2, zUploadFileV2Response } from '../../../../generated/http/zod.gen.ts';
import type { BatchUploadFilesV2Data, UploadFileData, UploadFileV2Data } from '../../../../generated/http/types.gen.ts';
import { uploadWithProgress, type UploadProgress } from '../../../api/upload.ts';
import { fromV1, fromV2, mapMessages, type RoomMessage } from './message-model.ts';
import type { ChatVersion } from './messages.ts';

export type { UploadProgress };
export { UploadAbortedError } from '../../../api/upload.ts';

const URLS = {
  v1: '/live-chat/upload-file' satisfies UploadFileData['url'],
  v2: '/v2/live-chat/upload-file' satisfies UploadFileV2Data['url'],
  v2Batch: '/v2/live-chat/batch-upload-file' satisfies BatchUploadFilesV2Data['url'],
};

export interface UploadFilesRequest {
  version: ChatVersion;
  roomUuid: string;
  files: readonly File[];
  /** SPEC §2: optional. */
  message: string;
  /** The outbox entry's id: the server stores a resend of the same id once (x-inferred, as on send). */
  clientId?: string;
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

/**
 * One request: v1 takes one file; v2 sends several in one batch, and a single one through upload-file.
 * The server's messages (none when its answer leaves them out: they show from their live events).
 */
export async function uploadFiles({ version, roomUuid, files, message, clientId, onProgress, signal }: UploadFilesRequest): Promise<RoomMessage[]> {
  const form = new FormData();
  form.append('uuid', roomUuid);
  if (message.trim() !== '') form.append('message', message);
  if (clientId) form.append('client_message_id', clientId);
  if (version === 'v2' && files.length > 1) {
    for (const file of files) form.append('files', file, file.name);
    const answer = await uploadWithProgress({ url: URLS.v2Batch, form, schema: zBatchUploadFilesV2Response, onProgress, signal });
    return mapMessages(answer.messages, fromV2);
  }
  const [file] = files;
  if (!file) return [];
  form.append('file', file, file.name);
  if (version === 'v2') {
    const answer = await uploadWithProgress({ url: URLS.v2, form, schema: zUploadFileV2Response, onProgress, signal });
    return mapMessages(answer.message ? [answer.message] : [], fromV2);
  }
  const answer = await uploadWithProgress({ url: URLS.v1, form, schema: zUploadFileResponse2, onProgress, signal });
  return mapMessages([answer.message], fromV1);
}
