// The local update server: the contract's three over-the-air operations (openapi/paths/ota.yaml),
// answered from real state rather than examples — releases published by `npm run release:ota`, the
// packages themselves, and every report recorded — so the whole update flow runs on one machine.
// Beside the contract, under /__ota/: publish a release, read the state, and inject failures.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeployStatusReport, DownloadReport } from '../../generated/http/types.gen.ts';
import { answerUpdateCheck, DEFAULT_DEPLOYMENTS, type Deployment, type RecordedReports, type Release } from './releases.ts';

export interface OtaServerOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Deployment name → key. */
  deployments?: Record<string, string>;
  /** Stops by itself after this many seconds (tests and CI never leave a server behind). */
  ttlSeconds?: number;
}

export interface PublishRequest {
  deploymentKey: string;
  label: string;
  zip: Uint8Array;
  packageHash: string;
  isMandatory?: boolean;
  description?: string;
  targetBinaryRange?: string;
}

export type PublishedRelease = Omit<Release, 'zip'>;

export interface RunningOtaServer {
  url: string;
  deployments: Deployment[];
  reports: RecordedReports;
  /** Every update check's query, in order. */
  checks: Record<string, string>[];
  publish(request: PublishRequest): PublishedRelease;
  /** Serves other bytes for a release (a package altered after it was published). */
  tamper(label: string, zip: Uint8Array): void;
  /** The next `times` contract calls answer `status` with the error envelope. */
  failNext(status: number, times?: number): void;
  stop(): Promise<void>;
}

const API = '/v0.1/public/codepush';
const MAX_PACKAGE_BYTES = 200 * 1024 * 1024;

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function send(response: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const payload = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(payload) });
  response.end(payload);
}

const sendError = (response: ServerResponse, status: number, message: string) =>
  send(response, status, { error: true, status_code: status, error_message: message });

async function readBytes(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_PACKAGE_BYTES) throw new HttpError(413, 'Package too large.');
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(await readBytes(request)).toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the same answer as a JSON value that is not an object.
  }
  throw new HttpError(400, 'The body must be a JSON object.');
}

function requireStrings(body: Record<string, unknown>, fields: string[]): void {
  const missing = fields.filter((field) => typeof body[field] !== 'string' || body[field] === '');
  if (missing.length) throw new HttpError(400, `Missing ${missing.join(', ')}.`);
}

function withoutZip(release: Release): PublishedRelease {
  const published: Partial<Release> = { ...release };
  delete published.zip;
  return published as PublishedRelease;
}

export async function startOtaServer(options: OtaServerOptions = {}): Promise<RunningOtaServer> {
  const host = options.host ?? '127.0.0.1';
  const deployments: Deployment[] = Object.entries(options.deployments ?? DEFAULT_DEPLOYMENTS).map(([name, key]) => ({ name, key, releases: [] }));
  const reports: RecordedReports = { deploy: [], download: [] };
  const checks: Record<string, string>[] = [];
  const failures: number[] = [];
  let url = '';

  const deploymentOf = (key: unknown) => {
    const deployment = deployments.find((candidate) => candidate.key === key);
    // The contract's 404 and the message SPEC §8 logs.
    if (!deployment) throw new HttpError(404, 'Deployment key not found.');
    return deployment;
  };
  const packageUrl = (deployment: Deployment, release: Release) =>
    `${url}/packages/${encodeURIComponent(deployment.key)}/${encodeURIComponent(release.label)}.zip`;

  function publish(request: PublishRequest): PublishedRelease {
    const deployment = deploymentOf(request.deploymentKey);
    if (!/^[\w.-]+$/.test(request.label)) throw new HttpError(400, 'A label is letters, digits, dots, dashes and underscores.');
    if (deployment.releases.some((release) => release.label === request.label)) throw new HttpError(409, `Label ${request.label} is already released.`);
    if (!/^[0-9a-f]{64}$/.test(request.packageHash)) throw new HttpError(400, 'package_hash must be a SHA-256 in hex.');
    const release: Release = {
      label: request.label,
      targetBinaryRange: request.targetBinaryRange || '*',
      description: request.description ?? '',
      isMandatory: request.isMandatory ?? false,
      packageHash: request.packageHash,
      packageSize: request.zip.byteLength,
      zip: request.zip,
      releasedAt: new Date().toISOString(),
    };
    deployment.releases.push(release);
    return withoutZip(release);
  }

  async function handleContract(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams) {
    const injected = failures.shift();
    if (injected !== undefined) return sendError(response, injected, `Injected failure ${injected}.`);
    if (request.method === 'GET' && path === `${API}/update_check`) {
      checks.push(Object.fromEntries(query));
      const deployment = deploymentOf(query.get('deployment_key'));
      const appVersion = query.get('app_version');
      if (!appVersion) throw new HttpError(400, 'Missing app_version.');
      const answer = answerUpdateCheck(
        deployment,
        {
          deploymentKey: deployment.key,
          appVersion,
          packageHash: query.get('package_hash') ?? undefined,
          label: query.get('label') ?? undefined,
        },
        (release) => packageUrl(deployment, release),
      );
      return send(response, 200, answer);
    }
    if (request.method === 'POST' && path === `${API}/report_status/deploy`) {
      const body = await readJson(request);
      requireStrings(body, ['app_version', 'deployment_key']);
      deploymentOf(body.deployment_key);
      reports.deploy.push({ ...(body as DeployStatusReport), receivedAt: new Date().toISOString() });
      return send(response, 200, 'OK', 'text/plain; charset=utf-8');
    }
    if (request.method === 'POST' && path === `${API}/report_status/download`) {
      const body = await readJson(request);
      requireStrings(body, ['client_unique_id', 'deployment_key', 'label']);
      deploymentOf(body.deployment_key);
      reports.download.push({ ...(body as DownloadReport), receivedAt: new Date().toISOString() });
      return send(response, 200, 'OK', 'text/plain; charset=utf-8');
    }
    throw new HttpError(404, 'Not found.');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // The shells' web views call from their own origins (https://localhost, capacitor://localhost).
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'content-type');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    const { pathname: path, searchParams: query } = new URL(request.url ?? '/', 'http://ota.local');

    if (path.startsWith(`${API}/`)) return handleContract(request, response, path, query);

    const download = /^\/packages\/([^/]+)\/([^/]+)\.zip$/.exec(path);
    if (request.method === 'GET' && download) {
      const deployment = deploymentOf(decodeURIComponent(download[1]!));
      const release = deployment.releases.find((candidate) => candidate.label === decodeURIComponent(download[2]!));
      if (!release) throw new HttpError(404, 'No such package.');
      return send(response, 200, release.zip, 'application/zip');
    }
    if (request.method === 'POST' && path === '/__ota/releases') {
      const published = publish({
        deploymentKey: query.get('deployment_key') ?? '',
        label: query.get('label') ?? '',
        packageHash: query.get('package_hash') ?? '',
        isMandatory: query.get('mandatory') === 'true',
        description: query.get('description') ?? '',
        targetBinaryRange: query.get('target_binary_range') ?? '*',
        zip: await readBytes(request),
      });
      const deployment = deploymentOf(query.get('deployment_key'));
      return send(response, 201, { ...published, deployment: deployment.name, download_url: packageUrl(deployment, { ...published, zip: new Uint8Array() }) });
    }
    if (request.method === 'GET' && path === '/__ota/state') {
      const summary = deployments.map(({ name, key, releases }) => ({ name, key, releases: releases.map(withoutZip) }));
      return send(response, 200, { deployments: summary, reports, checks });
    }
    if (request.method === 'POST' && path === '/__ota/fail') {
      const body = await readJson(request);
      const status = Number(body.status);
      if (!Number.isInteger(status) || status < 400 || status > 599) throw new HttpError(400, 'status must be an HTTP error status.');
      failures.push(...Array<number>(Math.max(1, Number(body.times) || 1)).fill(status));
      return send(response, 200, { queued: failures.length });
    }
    throw new HttpError(404, 'Not found.');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.destroy();
      if (error instanceof HttpError) sendError(response, error.status, error.message);
      else sendError(response, 500, `The update server failed: ${(error as Error).message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${host}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      clearTimeout(ttl);
      server.close(() => resolve());
      server.closeAllConnections();
    }));
  const ttl = options.ttlSeconds ? setTimeout(() => void stop(), options.ttlSeconds * 1000).unref() : undefined;

  return {
    url,
    deployments,
    reports,
    checks,
    publish,
    tamper(label, zip) {
      const release = deployments.flatMap((deployment) => deployment.releases).find((candidate) => candidate.label === label);
      if (!release) throw new Error(`No release ${label}`);
      release.zip = zip;
    },
    failNext(status, times = 1) {
      failures.push(...Array<number>(times).fill(status));
    },
    stop,
  };
}
