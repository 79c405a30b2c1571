// The update server's client, separate from the main API client (ARCHITECTURE.md): its own base URL,
// no bearer token, no platform headers (the update service authenticates by deployment key), but the
// same error convention — every failure, an error envelope in a 200 body included, is one ApiError.
// Also the package download, which is a plain file on whatever host the update check names.
import { createClient, createConfig, type Client } from '../../generated/http/client/index.ts';
import { ApiError, rejectErrorEnvelope, toApiError } from './api-error.ts';
import { lazyValue } from './lazy-value.ts';
import { otaConfig } from './ota-config.ts';

/** The update server's client, as the api module passes it to the generated OTA calls. */
export type OtaClient = Client;

/** A client for the update server at `baseUrl`; the app uses `otaClient`, tests their own local server. */
export function createOtaClient(baseUrl: string): OtaClient {
  const client = createClient(createConfig({ baseUrl }));
  client.interceptors.response.use(rejectErrorEnvelope);
  client.interceptors.error.use((error, response) => toApiError(error, response));
  return client;
}

// Without a server the update client never calls (it refuses to sync first); '' keeps the type honest.
const defaultClient = lazyValue(() => createOtaClient(otaConfig.serverUrl ?? ''));

/** The configured update server's client, created on first use (only the native shells ever need it). */
export function getOtaClient(): Client {
  return defaultClient.get();
}

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number;
}

export interface DownloadOptions {
  onProgress?: (progress: DownloadProgress) => void;
  /** Used as the total when the server sends no Content-Length (the update check's package_size). */
  expectedSize?: number;
  /** Refused when the Content-Length says more, and the reading stops as soon as more arrives. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** The package is (or would be) larger than the download allows; nothing more is read. */
export class PackageTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number, what: string) {
    super(`The package ${what}, more than the ${maxBytes} bytes a download may have.`);
    this.name = 'PackageTooLargeError';
    this.maxBytes = maxBytes;
  }
}

/** Downloads an update package with progress; fails with an ApiError like every other call, or a PackageTooLargeError. */
export async function downloadUpdatePackage(url: string, options: DownloadOptions = {}): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let response: Response;
  try {
    response = await fetch(url, { signal: options.signal });
  } catch (error) {
    throw new ApiError('network', undefined, undefined, error);
  }
  if (!response.ok) {
    const body = await response.text().catch(() => undefined);
    throw new ApiError('http', response.status, body);
  }
  const declaredBytes = Number(response.headers.get('Content-Length'));
  if (declaredBytes > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new PackageTooLargeError(maxBytes, `declares ${declaredBytes} bytes`);
  }
  const totalBytes = declaredBytes || options.expectedSize || 0;
  const chunks: Uint8Array[] = [];
  let receivedBytes = 0;
  const reader = response.body?.getReader();
  try {
    for (let step = await reader?.read(); step && !step.done; step = await reader?.read()) {
      chunks.push(step.value);
      receivedBytes += step.value.byteLength;
      if (receivedBytes > maxBytes) break;
      options.onProgress?.({ receivedBytes, totalBytes: Math.max(totalBytes, receivedBytes) });
    }
  } catch (error) {
    throw new ApiError('network', response.status, undefined, error);
  }
  if (receivedBytes > maxBytes) {
    // A server that sends more than it declared (or declares nothing): stop reading and drop the connection.
    await reader?.cancel().catch(() => undefined);
    throw new PackageTooLargeError(maxBytes, `sent more than ${maxBytes} bytes`);
  }
  const bytes = new Uint8Array(receivedBytes);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
