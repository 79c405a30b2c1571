// The update server's client keeps the app's error convention (one ApiError, an error envelope in a
// 200 body included) without the main client's token or platform headers; the download reports progress.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkForUpdate } from '../../generated/http/sdk.gen.ts';
import { ApiError } from './api-error.ts';
import { createOtaClient, downloadUpdatePackage, PackageTooLargeError } from './ota-client.ts';

let server: Server;
let base: string;
const seen: { url: string; headers: Record<string, string | string[] | undefined> }[] = [];
const payload = new Uint8Array(200_000).fill(7);
/** What the endless download sent before the client hung up, and whether it did. */
const endless = { sent: 0, closed: false };

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    // A connection per request: none is reused after the server has timed it out as idle (a request sent on
    // it as the server closes it fails as a network error on a loaded machine).
    response.setHeader('Connection', 'close');
    if (request.url?.startsWith('/v0.1/public/codepush/update_check')) {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return void response.end(JSON.stringify({ error: true, status_code: 'CHANGE_PASS', error_message: 'in a 200 body' }));
    }
    if (request.url === '/endless.zip') {
      // No Content-Length, and bytes for as long as the client reads.
      response.writeHead(200, { 'Content-Type': 'application/zip' });
      const chunk = new Uint8Array(64 * 1024);
      const more = () => {
        while (!response.destroyed && endless.sent < 100 * 1024 * 1024) {
          endless.sent += chunk.byteLength;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
      };
      response.once('close', () => (endless.closed = true));
      return more();
    }
    if (request.url === '/package.zip') {
      response.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': payload.byteLength });
      return void response.end(payload);
    }
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ error: true, status_code: 404, error_message: 'Deployment key not found.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the OTA client', () => {
  it('turns an error envelope in a 200 body into an ApiError, and sends no token or platform headers', async () => {
    const error = await checkForUpdate({ client: createOtaClient(base), throwOnError: true, query: { deployment_key: 'k', app_version: '2.0.39', client_unique_id: 'c' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'body', status: 200 });
    const headers = seen.at(-1)!.headers;
    expect(headers.authorization).toBeUndefined();
    expect(headers['app-platforms']).toBeUndefined();
  });

  it('downloads with progress up to the full size', async () => {
    const progress: number[] = [];
    const bytes = await downloadUpdatePackage(`${base}/package.zip`, { onProgress: ({ receivedBytes, totalBytes }) => (expect(totalBytes).toBe(payload.byteLength), progress.push(receivedBytes)) });
    expect(bytes).toEqual(payload);
    expect(progress.at(-1)).toBe(payload.byteLength);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('refuses a download whose Content-Length is above the cap, before reading it', async () => {
    const progress: number[] = [];
    const error = await downloadUpdatePackage(`${base}/package.zip`, { maxBytes: 100_000, onProgress: ({ receivedBytes }) => progress.push(receivedBytes) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PackageTooLargeError);
    expect((error as Error).message).toBe('The package declares 200000 bytes, more than the 100000 bytes a download may have.');
    expect(progress).toEqual([]);
  });

  it('stops reading, and hangs up, once a download without a Content-Length passes the cap', async () => {
    const maxBytes = 1024 * 1024;
    const progress: number[] = [];
    const error = await downloadUpdatePackage(`${base}/endless.zip`, { maxBytes, onProgress: ({ receivedBytes }) => progress.push(receivedBytes) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PackageTooLargeError);
    expect((error as Error).message).toBe(`The package sent more than ${maxBytes} bytes, more than the ${maxBytes} bytes a download may have.`);
    expect(Math.max(...progress)).toBeLessThanOrEqual(maxBytes);
    await vi.waitFor(() => expect(endless.closed).toBe(true));
    // What the sockets' buffers held when it hung up, not the 100 MB the server would have sent.
    expect(endless.sent).toBeLessThan(20 * 1024 * 1024);
  });

  it('fails a download with an HTTP ApiError, or a network one when nothing answers', async () => {
    await expect(downloadUpdatePackage(`${base}/missing.zip`)).rejects.toMatchObject({ kind: 'http', status: 404 });
    await expect(downloadUpdatePackage('http://127.0.0.1:9/none.zip')).rejects.toMatchObject({ kind: 'network' });
  });
});
