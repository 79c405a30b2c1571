// File uploads: the multipart body is read slowly on purpose (`uploadBytesPerSecond`) so the app's
// upload progress bar visibly moves, a body whose Content-Length is already too large is refused with
// 413 before any of it is read, and the stored bytes are served back at /__sandbox/chat-files/….
import type { IncomingMessage } from 'node:http';
import { refuse, type ErrorAnswer, type SandboxRoute } from '../routes.ts';
import type { ChatStore } from './store.ts';

export interface UploadLimits {
  /** The largest file accepted, in bytes (default 5 MB). */
  maxUploadBytes: number;
  /** How fast the body is read, in bytes per second; 0 reads it as fast as it comes (default 2 MB/s). */
  uploadBytesPerSecond: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxUploadBytes: 5 * 1024 * 1024, uploadBytesPerSecond: 2 * 1024 * 1024 };

/**
 * Room per file for the multipart envelope (boundary, part headers, the message and uuid fields): a
 * Content-Length above the files' limit plus this is refused unread; a file just above the limit is
 * caught once the form is parsed.
 */
const FORM_OVERHEAD_BYTES = 8 * 1024;

export const tooLarge = (limits: UploadLimits): ErrorAnswer => refuse(413, `The file may not be greater than ${Math.floor(limits.maxUploadBytes / 1024)} kilobytes.`);

export interface UploadedFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

export type UploadForm = { ok: true; value: { fields: Map<string, string>; files: Map<string, UploadedFile[]> } } | { ok: false; answer: ErrorAnswer };

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mp4: 'video/mp4',
};

function mimeOf(name: string, declared: string): string {
  if (declared && declared !== 'application/octet-stream') return declared.split(';')[0]!.trim();
  return MIME_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/**
 * Reads the body at most `bytesPerSecond` (pausing the request holds the sender meanwhile). Past
 * `limit` it answers undefined at once; the rest keeps flowing and is dropped, so the 413 can still be
 * sent on the open connection.
 */
function readThrottled(request: IncomingMessage, limit: number, bytesPerSecond: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const started = performance.now();
    const settle = (value: Buffer | undefined) => {
      settled = true;
      resolve(value);
    };
    request.on('data', (chunk: Buffer) => {
      if (settled) return;
      received += chunk.length;
      if (received > limit) return settle(undefined);
      chunks.push(chunk);
      const due = bytesPerSecond > 0 ? (received / bytesPerSecond) * 1000 - (performance.now() - started) : 0;
      if (due > 1) {
        request.pause();
        setTimeout(() => request.resume(), due);
      }
    });
    request.on('end', () => settled || settle(Buffer.concat(chunks)));
    request.on('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
  });
}

/** The upload's form: its text fields and its files by field name (`files[]` is read as `files`). */
export async function readUpload(request: IncomingMessage, limits: UploadLimits, maxFiles: number): Promise<UploadForm> {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) return { ok: false, answer: refuse(422, 'The file must be sent as multipart/form-data.') };
  const bodyLimit = (limits.maxUploadBytes + FORM_OVERHEAD_BYTES) * maxFiles;
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (declared > bodyLimit) {
    // Refused without keeping it, but only once it has arrived: Node closes a connection whose request
    // is unread when the answer ends, and a proxy still writing the body then fails with EPIPE (502)
    // instead of passing the 413 on.
    await new Promise<void>((resolve) => {
      request.on('end', resolve).on('error', () => resolve());
      request.resume();
    });
    return { ok: false, answer: tooLarge(limits) };
  }
  const body = await readThrottled(request, bodyLimit, limits.uploadBytesPerSecond);
  if (!body) return { ok: false, answer: tooLarge(limits) };
  let form: FormData;
  try {
    form = await new Request('http://sandbox/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) }).formData();
  } catch {
    return { ok: false, answer: refuse(422, 'The upload could not be read.') };
  }
  const fields = new Map<string, string>();
  const files = new Map<string, UploadedFile[]>();
  for (const [rawName, value] of form.entries()) {
    const name = rawName.replace(/\[\d*\]$/, '');
    if (typeof value === 'string') {
      fields.set(name, value);
      continue;
    }
    if (value.size > limits.maxUploadBytes) return { ok: false, answer: tooLarge(limits) };
    const file = { name: value.name || 'file', mimeType: mimeOf(value.name, value.type), bytes: new Uint8Array(await value.arrayBuffer()) };
    files.set(name, [...(files.get(name) ?? []), file]);
  }
  return { ok: true, value: { fields, files } };
}

/** Files a browser may show in place; anything else downloads. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf|text\/plain|video\/mp4)$/;

export function chatFileRoute(store: ChatStore): SandboxRoute {
  return {
    method: 'GET',
    path: '/__sandbox/chat-files/:uuid/:name',
    handle: ({ params }) => {
      const file = store.findFile(params.uuid ?? '');
      if (!file) return { status: 404, body: 'No such file.', contentType: 'text/plain; charset=utf-8' };
      const disposition = INLINE.test(file.mimeType) ? 'inline' : 'attachment';
      return {
        body: file.bytes,
        contentType: file.mimeType,
        headers: {
          'Content-Disposition': `${disposition}; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          // Uploaded bytes are whatever someone sent: never sniffed, never run as a page of the app's origin.
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
        },
      };
    },
  };
}
