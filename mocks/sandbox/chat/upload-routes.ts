// upload-file (v1 and v2) and v2 batch-upload-file: each file becomes a file message in the room
// named by the form's `uuid`, announced to the members like a sent message. The form is read here
// (slowly, with its size limits: uploads.ts) and then checked against the operation's request schema.
import { formAsBody, parseRequestBody } from '../contract.ts';
import type { OperationContext, OperationHandler } from '../routes.ts';
import { createMessage, fail, roomFor, type ChatDeps } from './actions.ts';
import { userIdFromRequest } from './identity.ts';
import { readUpload } from './uploads.ts';
import { messageV1, messageV2 } from './views.ts';

/** The most files one batch takes (the web app's picker allows ten). */
export const MAX_BATCH_FILES = 10;

type UploadOperation = 'uploadFile' | 'uploadFileV2' | 'batchUploadFilesV2';

async function store(context: OperationContext<UploadOperation>, deps: ChatDeps, operationId: UploadOperation) {
  const userId = userIdFromRequest(context.request);
  const batch = operationId === 'batchUploadFilesV2';
  const form = await readUpload(context.request, deps.limits, batch ? MAX_BATCH_FILES : 1);
  if (!form.ok) return form;
  const files = form.value.files.get(batch ? 'files' : 'file') ?? [];
  if (files.length > MAX_BATCH_FILES) return { ok: false as const, answer: fail(422, `The files may not have more than ${MAX_BATCH_FILES} items.`) };
  const body = parseRequestBody(operationId, formAsBody(form.value.fields, form.value.files, batch ? ['files'] : []));
  if (!body.ok) return body;
  const room = roomFor(deps, body.value.uuid, userId);
  if (!room.ok) return room;
  const text = body.value.message?.trim() || null;
  const created = files.map((upload, index) =>
    createMessage(context, deps, room.value, userId, {
      kind: 'file',
      // The text goes with the first file only, so a batch does not repeat it.
      content: index === 0 ? text : null,
      file: deps.store.newFile(upload.name, upload.mimeType, upload.bytes),
      clientMessageId: index === 0 ? body.value.client_message_id || null : null,
    }),
  );
  return { ok: true as const, value: { room: room.value, created, userId } };
}

/** upload-file (v1): the file message in the v1 shape. */
export function uploadFileHandler(deps: ChatDeps): OperationHandler<'uploadFile'> {
  return async (context) => {
    const stored = await store(context, deps, 'uploadFile');
    if (!stored.ok) return stored.answer;
    const { room, created, userId } = stored.value;
    return context.ok({ message: messageV1(context, room, created[0]!, userId) });
  };
}

/** upload-file (v2): the file message in the v2 shape. */
export function uploadFileV2Handler(deps: ChatDeps): OperationHandler<'uploadFileV2'> {
  return async (context) => {
    const stored = await store(context, deps, 'uploadFileV2');
    if (!stored.ok) return stored.answer;
    const { room, created, userId } = stored.value;
    return context.ok({ message: messageV2(context, room, created[0]!, userId) });
  };
}

/** batch-upload-file (v2): one file message per file. */
export function batchUploadHandler(deps: ChatDeps): OperationHandler<'batchUploadFilesV2'> {
  return async (context) => {
    const stored = await store(context, deps, 'batchUploadFilesV2');
    if (!stored.ok) return stored.answer;
    const { room, created, userId } = stored.value;
    return context.ok({ message: `${created.length} files uploaded.`, messages: created.map((message) => messageV2(context, room, message, userId)) });
  };
}
