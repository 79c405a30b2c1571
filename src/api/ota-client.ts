// The update server's client, separate from the main API client (ARCHITECTURE.md): its own base URL,
// no bearer token, no platform headers (the update service authenticates by deployment key), but the
// same error convention — every failure, an error envelope in a 200 body included, is one ApiError.
// Also the package download, which is a plain file on whatever host the update check names.
import { createClient, createConfig, type Client } from '../../generated/http/client/index.ts';
import { ApiError, rejectErrorEnvelope, toApiError } from './api-error.ts';
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

let defaultClient: Client | undefined;

/** The configured update server's client, created on first use (only the native shells ever need it). */
export function getOtaClient(): Client {
  defaultClient ??= createOtaClient(otaConfig.serverUrl);
  return defaultClient;
}

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number;
}

export interface DownloadOptions {
  onProgress?: (progress: DownloadProgress) => void;
  /** Used as the total when the server sends no Content-Length (the update check's package_size). */
  expectedSize?: number;
  signal?: AbortSignal;
}

/** Downloads an update package with progress; fails with an ApiError like every other call. */
export async function downloadUpdatePackage(url: string, options: DownloadOptions = {}): Promise<Uint8Array> {
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
  const totalBytes = Number(response.headers.get('Content-Length')) || options.expectedSize || 0;
  const chunks: Uint8Array[] = [];
  let receivedBytes = 0;
  try {
    const reader = response.body?.getReader();
    for (let step = await reader?.read(); step && !step.done; step = await reader?.read()) {
      chunks.push(step.value);
      receivedBytes += step.value.byteLength;
      options.onProgress?.({ receivedBytes, totalBytes: Math.max(totalBytes, receivedBytes) });
    }
  } catch (error) {
    throw new ApiError('network', response.status, undefined, error);
  }
  const bytes = new Uint8Array(receivedBytes);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
