// A chat file's bytes, for the attachment viewer: a signed download URL (the contract's `signed_file_url`,
// on the API's origin or a CDN) fetched as a Blob. Outside the generated SDK because the answer is the
// file itself, not JSON. No bearer token goes with it: a signed URL carries its own permission, and the
// token must never reach a CDN's origin. Only http(s) URLs are fetched; every failure is an ApiError.
import { ApiError } from './api-error.ts';

export interface DownloadedFile {
  blob: Blob;
  /** The Content-Type the server sent (without parameters), or '' when none. */
  contentType: string;
}

export async function downloadFile(url: string, signal?: AbortSignal): Promise<DownloadedFile> {
  let parsed: URL;
  try {
    parsed = new URL(url, location.href);
  } catch (error) {
    throw new ApiError('malformed', undefined, undefined, error);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ApiError('malformed', undefined, undefined);
  let response: Response;
  try {
    // Cookies only to the app's own origin (the default); a CDN gets none.
    response = await fetch(parsed.href, { signal, credentials: 'same-origin', headers: { Accept: '*/*' } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('network', undefined, undefined, error);
  }
  if (!response.ok) throw new ApiError('http', response.status, undefined);
  try {
    const blob = await response.blob();
    return { blob, contentType: (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase() };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('network', response.status, undefined, error);
  }
}
