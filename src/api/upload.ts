// Uploads with progress. The generated SDK sends through fetch, which cannot report how much of a
// request body has gone out; a progress bar needs XMLHttpRequest's upload events. This is the one
// place that makes such a request, with everything the API client adds to a call (bearer token,
// platform headers, anti-forgery header, socket id) and the same outcome: the contract's success
// schema checks the answer, and every failure is an ApiError the catalogue can read.
import { ApiError, isErrorEnvelope } from './api-error.ts';
import { authHeaders, reportUnauthorized } from './client.ts';
import { config } from './config.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest<T> {
  /** The operation's path, relative to the API base (typed by the caller from the generated Data type). */
  url: string;
  form: FormData;
  /** The operation's generated response schema. */
  schema: { parseAsync(value: unknown): Promise<T> };
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

export class UploadAbortedError extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'AbortError';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function uploadWithProgress<T>({ url, form, schema, onProgress, signal }: UploadRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadAbortedError());
    const headers = authHeaders('POST', `${config.apiBase}${url}`);
    // As every call the API client makes: none without a session (client.ts).
    if (!headers.Authorization) return reject(new ApiError('http', 401, undefined));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${config.apiBase}${url}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.onabort = () => {
      settle();
      reject(new UploadAbortedError());
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError('network', undefined, undefined));
    };
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = new ApiError('http', xhr.status, body);
        if (xhr.status === 401) reportUnauthorized();
        return reject(error);
      }
      if (isErrorEnvelope(body)) return reject(new ApiError('body', xhr.status, body));
      schema.parseAsync(body).then(resolve, (cause: unknown) => reject(new ApiError('malformed', xhr.status, undefined, cause)));
    };
    xhr.send(form);
  });
}
