// `npm run push:send` (scripts/push-send.ts): what it sends must be readable by the browser it is
// meant for and by nobody else. A fake browser (an ECDH P-256 key pair and a 16-byte auth secret, as
// PushManager.subscribe makes) decrypts the request body by RFC 8291 with node:crypto (and with
// http_ece, the library web-push encrypts with), and checks the VAPID signature (RFC 8292). The command
// itself runs against a local HTTPS push service.
import { execFileSync, spawn } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ece from 'http_ece';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPayload, describeRequest, encryptRequest, parseNavParams, parseSubscription, vapidFromEnv } from '../../scripts/push-send.ts';

const ROOM = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const b64url = (bytes: Buffer) => bytes.toString('base64url');

function fakeBrowser(endpoint = 'https://push.example.test/fcm/send/abc') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, subscription: { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } } };
}

/** RFC 8291 §3.4 + RFC 8188: one aes128gcm record, decrypted with the browser's private key. */
function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', receiver.computeSecret(senderPublic), authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  const delimiter = padded.lastIndexOf(2); // the last record's delimiter, then zero padding
  expect([...padded.subarray(delimiter + 1)].every((byte) => byte === 0)).toBe(true);
  return padded.subarray(0, delimiter).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT ES256>, k=<public key>`; returns the JWT's claims once its signature checks. */
function verifyVapid(authorization: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, token, key] = match!;
  expect(key).toBe(publicKey);
  const [header, claims, signature] = token!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) };
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
}

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@ess-workplace.example' };
const payload = buildPayload({ title: 'Budi Santoso', body: 'Are you joining the 3 pm review?', targetPage: '/chats/chat', navParams: { uuid: ROOM } });

describe('the encrypted request', () => {
  it('decrypts, with the browser key pair only, to the payload (title, body, data.target_page, data.nav_params)', () => {
    const browser = fakeBrowser();
    const details = encryptRequest(browser.subscription, payload, vapid, 60);
    expect(details.endpoint).toBe(browser.subscription.endpoint);
    expect(details.headers).toMatchObject({ 'Content-Encoding': 'aes128gcm', 'Content-Type': 'application/octet-stream', TTL: 60 });
    expect(details.body!.includes(Buffer.from('Budi'))).toBe(false);

    const decrypted = JSON.parse(decryptAes128gcm(details.body!, browser.ecdh, browser.auth)) as typeof payload;
    expect(decrypted).toEqual({ title: 'Budi Santoso', body: 'Are you joining the 3 pm review?', data: { target_page: '/chats/chat', nav_params: { uuid: ROOM } } });
    const byLibrary = ece.decrypt(details.body!, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: b64url(browser.auth) });
    expect(JSON.parse(byLibrary.toString('utf8'))).toEqual(decrypted);

    const stranger = fakeBrowser();
    expect(() => decryptAes128gcm(details.body!, stranger.ecdh, stranger.auth)).toThrow();
    expect(() => decryptAes128gcm(details.body!, browser.ecdh, randomBytes(16))).toThrow();
  });

  it('is signed with the VAPID key pair for the push service of the endpoint', () => {
    const details = encryptRequest(fakeBrowser().subscription, payload, vapid);
    const claims = verifyVapid(String(details.headers.Authorization), vapid.publicKey);
    expect(claims).toMatchObject({ aud: 'https://push.example.test', sub: vapid.subject });
    expect(Number(claims.exp) * 1000).toBeGreaterThan(Date.now());
    expect(Number(claims.exp) * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
  });

  it('--dry-run describes it without the whole signed token', () => {
    const details = encryptRequest(fakeBrowser().subscription, payload, vapid);
    const text = describeRequest(details);
    expect(text).toContain('POST https://push.example.test/fcm/send/abc');
    expect(text).toContain('Content-Encoding: aes128gcm');
    expect(text).toContain(`(body: ${details.body!.length} bytes, encrypted)`);
    expect(text).not.toContain(String(details.headers.Authorization));
  });
});

describe('the command line inputs', () => {
  it('reads a subscription, or the push_token string the app saves', () => {
    const { subscription } = fakeBrowser();
    expect(parseSubscription(JSON.stringify({ ...subscription, expirationTime: null }))).toEqual(subscription);
    expect(parseSubscription(JSON.stringify(JSON.stringify(subscription)))).toEqual(subscription);
    expect(() => parseSubscription(JSON.stringify({ endpoint: subscription.endpoint }))).toThrow(/keys/);
    expect(() => parseSubscription(JSON.stringify({ ...subscription, endpoint: 'http://push.example.test/x' }))).toThrow(/https/);
  });

  it('takes nav_params of plain values only', () => {
    expect(parseNavParams(`{"uuid":"${ROOM}","page":2,"pinned":true}`)).toEqual({ uuid: ROOM, page: 2, pinned: true });
    expect(parseNavParams(undefined)).toBeUndefined();
    expect(() => parseNavParams('{"a":{"b":1}}')).toThrow(/a: only strings/);
    expect(() => parseNavParams('[1]')).toThrow(/object/);
    expect(() => parseNavParams('uuid=1')).toThrow(/not JSON/);
  });

  it('names the VAPID variables that are missing', () => {
    expect(() => vapidFromEnv({ VAPID_PUBLIC_KEY: 'x' })).toThrow('set VAPID_PRIVATE_KEY, VAPID_SUBJECT');
    expect(vapidFromEnv({ VAPID_PUBLIC_KEY: 'p', VAPID_PRIVATE_KEY: 'k', VAPID_SUBJECT: 's' })).toEqual({ publicKey: 'p', privateKey: 'k', subject: 's' });
  });
});

function pushSend(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve('scripts/push-send.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('npm run push:send', () => {
  let dir: string;
  let server: Server | undefined;
  let answer = 201;
  const received: Array<{ url: string; headers: Record<string, unknown>; body: Buffer }> = [];
  const vapidEnv = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: vapid.subject };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'push-send-'));
    if (!hasOpenssl) return;
    // A push service of our own, over HTTPS as web-push requires, trusted through NODE_EXTRA_CA_CERTS.
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(answer).end(answer === 410 ? 'push subscription has unsubscribed or expired' : '');
      });
    });
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  });

  afterAll(async () => {
    await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
    rmSync(dir, { recursive: true, force: true });
  });

  it('--generate-keys prints a P-256 pair', async () => {
    const { code, output } = await pushSend(['--generate-keys']);
    expect(code).toBe(0);
    const publicKey = /VAPID_PUBLIC_KEY=(\S+)/.exec(output)?.[1] ?? '';
    const privateKey = /VAPID_PRIVATE_KEY=(\S+)/.exec(output)?.[1] ?? '';
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
  });

  it('refuses to run without the VAPID keys, naming them', async () => {
    const file = join(dir, 'subscription.json');
    writeFileSync(file, JSON.stringify(fakeBrowser().subscription));
    const { code, output } = await pushSend(['--subscription', file, '--target-page', '/chats']);
    expect(code).toBe(1);
    expect(output).toContain('set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT');
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const file = join(dir, 'dry-run.json');
    writeFileSync(file, JSON.stringify(fakeBrowser().subscription));
    const before = received.length;
    const { code, output } = await pushSend(['--subscription', file, '--target-page', '/nope', '--dry-run'], vapidEnv);
    expect(code).toBe(0);
    expect(output).toContain('warning: /nope is not a route of the app: a click opens /home');
    expect(output).toContain('POST https://push.example.test/fcm/send/abc');
    expect(output).toMatch(/\(body: \d+ bytes, encrypted\)/);
    expect(received.length).toBe(before);
  });

  it.runIf(hasOpenssl)('sends a push the browser decrypts, and says when the subscription is gone', async () => {
    const port = (server!.address() as AddressInfo).port;
    const browser = fakeBrowser(`https://127.0.0.1:${port}/push/subscription-1`);
    const file = join(dir, 'push-token.json');
    writeFileSync(file, JSON.stringify(JSON.stringify(browser.subscription))); // the push_token as the app saves it
    const env = { ...vapidEnv, NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') };
    const args = ['--subscription', file, '--title', 'Budi Santoso', '--body', 'Hi', '--target-page', '/chats/chat', '--nav-params', JSON.stringify({ uuid: ROOM })];

    const sent = await pushSend(args, env);
    expect(sent.output).toContain('sent: the push service answered 201');
    expect(sent.code).toBe(0);
    const request = received.at(-1)!;
    expect(request.url).toBe('/push/subscription-1');
    expect(request.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '2419200' });
    verifyVapid(String(request.headers.authorization), vapid.publicKey);
    expect(JSON.parse(decryptAes128gcm(request.body, browser.ecdh, browser.auth))).toEqual({
      title: 'Budi Santoso',
      body: 'Hi',
      data: { target_page: '/chats/chat', nav_params: { uuid: ROOM } },
    });

    answer = 410;
    const gone = await pushSend(args, env);
    expect(gone.code).toBe(1);
    expect(gone.output).toContain('not sent: the push service answered 410 (the subscription has expired or was withdrawn)');
  });
});
