// upload-file (v1 and v2) and v2 batch-upload-file: each file becomes a file message in the room
// named by the form's `uuid`, announced to the members like a sent message.
import type { SandboxContext } from '../routes.ts';
import { createMessage, fail, ok, roomFor, type ChatDeps } from './actions.ts';
import { userIdFromRequest } from './identity.ts';
import { readUpload } from './uploads.ts';
import { messageV1, messageV2 } from './views.ts';

/** The most files one batch takes (the web app's picker allows ten). */
export const MAX_BATCH_FILES = 10;

export function createUploadHandler(deps: ChatDeps, shape: 'v1' | 'v2' | 'batch') {
  return async (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const batch = shape === 'batch';
    const form = await readUpload(context.request, deps.limits, batch ? MAX_BATCH_FILES : 1);
    if (!form.ok) return form.answer;
    const room = roomFor(deps, form.value.fields.get('uuid'), userId);
    if (!room.ok) return room.answer;
    const files = form.value.files.get(batch ? 'files' : 'file') ?? [];
    if (files.length === 0) return fail(422, batch ? 'The files field is required.' : 'The file field is required.');
    if (files.length > MAX_BATCH_FILES) return fail(422, `The files may not have more than ${MAX_BATCH_FILES} items.`);
    const text = form.value.fields.get('message')?.trim() || null;
    const created = files.map((upload, index) =>
      createMessage(context, deps, room.value, userId, {
        kind: 'file',
        // The text goes with the first file only, so a batch does not repeat it.
        content: index === 0 ? text : null,
        file: deps.store.newFile(upload.name, upload.mimeType, upload.bytes),
        clientMessageId: index === 0 ? form.value.fields.get('client_message_id') || null : null,
      }),
    );
    if (shape === 'v1') return ok({ message: messageV1(context, room.value, created[0]!, userId) });
    if (shape === 'v2') return ok({ message: messageV2(context, room.value, created[0]!, userId) });
    return ok({ message: `${created.length} files uploaded.`, messages: created.map((message) => messageV2(context, room.value, message, userId)) });
  };
}
