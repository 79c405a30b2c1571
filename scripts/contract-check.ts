// Replays every operation's example request against a real backend through Prism's validating
// proxy and reports, per operation, whether the answer conforms to the contract.
//   npm run contract:check -- --target <base URL> [--ota-target <url>] [--token <bearer>] [--only <operationId,...>] [--read-only]
// Against the project's own mock sandbox (`npm run mock`, found by its GET /__sandbox) every request
// carries the sandbox's scratch header: the writes land in a throwaway copy of its data, dropped at the
// end, so its demo data (and the apps connected to it) are left as they were.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startPrismProxy, type RunningPrism } from '../mocks/prism.ts';
import {
  bundleContract,
  listOperations,
  readJson,
  toFetchRequest,
  type ContractOperation,
} from './lib/contract-examples.ts';

const USAGE =
  'usage: npm run contract:check -- --target <base URL> [--ota-target <url>] [--token <bearer>] [--only <operationId,...>] [--read-only]';
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 15_000;

interface Outcome {
  operation: ContractOperation;
  status?: number;
  skipped?: string;
  violations: string[];
}

interface PrismViolation {
  location?: unknown[];
  severity?: string;
  message?: string;
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      target: { type: 'string' },
      'ota-target': { type: 'string' },
      token: { type: 'string', default: 'contract-check' },
      only: { type: 'string' },
      // Replays only GET calls: for a shared server where example writes (delete chat, leave group…) must not land.
      'read-only': { type: 'boolean', default: false },
      // The contract root; other roots are for trying the check on a partial contract.
      spec: { type: 'string', default: 'openapi/openapi.yaml' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.target) {
    console.error(`contract:check: --target is required\n${USAGE}`);
    process.exit(2);
  }
  return {
    target: values.target,
    otaTarget: values['ota-target'],
    token: values.token,
    only: values.only ? values.only.split(',').map((id) => id.trim()).filter(Boolean) : undefined,
    readOnly: values['read-only'],
    spec: values.spec,
  };
}

async function main(): Promise<number> {
  const options = parseOptions();
  const workDir = mkdtempSync(join(tmpdir(), 'contract-check-'));
  const proxies: RunningPrism[] = [];
  const stopAll = () => Promise.allSettled(proxies.splice(0).map((proxy) => proxy.stop()));
  const onSignal = () => void stopAll().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let sandbox: SandboxScratch | undefined;
  try {
    const bundled = bundleContract(options.spec, join(workDir, 'openapi.bundled.json'));
    let operations = listOperations(readJson(bundled));
    if (options.only) {
      const known = new Set(operations.map((operation) => operation.operationId));
      const unknown = options.only.filter((id) => !known.has(id));
      if (unknown.length) {
        console.error(`contract:check: unknown operationId(s): ${unknown.join(', ')}`);
        return 2;
      }
      operations = operations.filter((operation) => options.only?.includes(operation.operationId));
    }
    const needsOta = operations.some(isOta);
    // A read-only replay writes nothing, so it needs no scratch copy (and asks the target nothing more).
    sandbox = options.readOnly ? undefined : await sandboxScratch(options.target);
    const started = performance.now();
    const [mainProxy, otaProxy] = await Promise.all([
      startPrismProxy({ spec: bundled, upstream: options.target }).then((proxy) => (proxies.push(proxy), proxy)),
      needsOta && options.otaTarget
        ? startPrismProxy({ spec: bundled, upstream: options.otaTarget }).then((proxy) => (proxies.push(proxy), proxy))
        : undefined,
    ]);
    console.log(
      `contract:check ${operations.length} operations against ${options.target}` +
        (needsOta ? `; OTA against ${options.otaTarget ?? '(none: skipped)'}` : ''),
    );
    if (sandbox) {
      console.log(`The target is the mock sandbox: writes go to a scratch copy of its data (${sandbox.header}: ${sandbox.id}), dropped at the end; its demo data stays as it was.`);
    }

    const printer = orderedPrinter(operations.length);
    const outcomes = await mapConcurrently(operations, CONCURRENCY, async (operation, index) => {
      const skipped = skipReason(operation, Boolean(otaProxy), options.readOnly);
      const proxy = isOta(operation) ? otaProxy : mainProxy;
      const headers = sandbox && !isOta(operation) ? { [sandbox.header]: sandbox.id } : {};
      const outcome =
        skipped || !proxy ? { operation, skipped, violations: [] } : await replay(operation, proxy.url, options.token, headers);
      printer(index, formatOutcome(outcome));
      return outcome;
    });
    const conform = outcomes.filter((outcome) => !outcome.skipped && outcome.violations.length === 0).length;
    const violate = outcomes.filter((outcome) => outcome.violations.length > 0).length;
    const skipped = outcomes.filter((outcome) => outcome.skipped).length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n${conform} conform, ${violate} violate, ${skipped} skipped (${seconds} s)`);
    return violate > 0 ? 1 : 0;
  } finally {
    if (sandbox) await sandbox.drop();
    await stopAll();
    rmSync(workDir, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The over-the-air update service is a second backend with its own `servers` entry. */
const isOta = (operation: ContractOperation) => operation.ownServers && operation.tag === 'ota';

function skipReason(operation: ContractOperation, haveOtaTarget: boolean, readOnly: boolean): string | undefined {
  if (readOnly && operation.method !== 'GET') return '--read-only';
  if (isOta(operation)) return haveOtaTarget ? undefined : 'no --ota-target';
  // Anything else on a server of its own (the translations, served by the app) is not the backend's.
  if (operation.ownServers) return `served by ${operation.servers.join(', ')}, not the API`;
  return undefined;
}

interface SandboxScratch {
  header: string;
  id: string;
  drop(): Promise<void>;
}

/**
 * The project's mock sandbox answers GET /__sandbox with what it is, including the header that sends a
 * request to a scratch copy of its data (mocks/sandbox/server.ts). Any other server: undefined.
 */
async function sandboxScratch(target: string): Promise<SandboxScratch | undefined> {
  const base = target.replace(/\/$/, '');
  let about: { sandbox?: unknown; scratch?: { header?: unknown } };
  try {
    const response = await fetch(`${base}/__sandbox`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return undefined;
    about = (await response.json()) as typeof about;
  } catch {
    return undefined;
  }
  const header = about.scratch?.header;
  if (typeof about.sandbox !== 'string' || typeof header !== 'string') return undefined;
  const id = `contract-check-${randomBytes(6).toString('hex')}`;
  return {
    header,
    id,
    drop: async () => {
      await fetch(`${base}/__sandbox/scratch/${id}`, { method: 'DELETE', signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    },
  };
}

async function replay(operation: ContractOperation, proxyUrl: string, token: string, headers: Record<string, string> = {}): Promise<Outcome> {
  const { url, init } = toFetchRequest(proxyUrl, operation, { authorization: `Bearer ${token}`, ...headers });
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    body = await response.text();
  } catch (error) {
    return { operation, violations: [`connection: ${describeError(error)}`] };
  }
  const contentType = response.headers.get('content-type') ?? '';
  const proxyError = prismError(contentType, body);
  if (proxyError) return { operation, violations: [`connection: ${proxyError}`] };

  const violations = prismViolations(response.headers.get('sl-violations'));
  const documented = documentedResponse(operation, response.status);
  if (!documented) {
    const statuses = operation.responses.map((candidate) => candidate.status).join(', ');
    violations.push(`response.status: ${response.status} is not documented (documented: ${statuses})`);
  } else if (documented.contentTypes.some(isJson)) {
    const prismSawMediaType = violations.some((violation) => violation.includes('media type'));
    if (!isJson(contentType)) {
      if (!prismSawMediaType) violations.push(`response.headers.content-type: expected JSON, got ${contentType || 'none'}`);
    } else if (body.trim() !== '' && !parsesAsJson(body)) {
      violations.push('response.body: not valid JSON');
    }
  }
  return { operation, status: response.status, violations: unique(violations) };
}

function prismViolations(header: string | null): string[] {
  if (!header) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return [`sl-violations: ${header}`];
  }
  return (Array.isArray(parsed) ? (parsed as PrismViolation[]) : [])
    .filter((violation) => violation.severity !== 'Warning' && violation.severity !== 'Information')
    .map((violation) => `${(violation.location ?? []).join('.') || 'response'}: ${violation.message ?? 'violation'}`);
}

/**
 * Prism answers on its own, with problem+json, when it cannot reach the upstream (type FetchError)
 * or cannot route the request (a stoplight.io/prism/errors type); the upstream never saw it.
 */
function prismError(contentType: string, body: string): string | undefined {
  if (!contentType.includes('problem+json')) return undefined;
  try {
    const problem = JSON.parse(body) as { type?: string; title?: string; detail?: string };
    const type = problem.type ?? '';
    if (type !== 'FetchError' && !type.includes('stoplight.io/prism/errors')) return undefined;
    return [problem.title, problem.detail].filter(Boolean).join(': ');
  } catch {
    return undefined;
  }
}

function documentedResponse(operation: ContractOperation, status: number) {
  const exact = operation.responses.find((response) => response.status === String(status));
  const range = operation.responses.find((response) => response.status.toUpperCase() === `${String(status)[0]}XX`);
  const fallback = operation.responses.find((response) => response.status === 'default');
  return exact ?? range ?? fallback;
}

function formatOutcome({ operation, status, skipped, violations }: Outcome): string {
  const name = `${operation.operationId} ${operation.method} ${operation.path}`;
  if (skipped) return `- ${name} skipped: ${skipped}`;
  if (violations.length === 0) return `✔ ${name} ${status} conforms`;
  return [`✘ ${name} ${status ?? '-'}`, ...violations.map((violation) => `    ${violation}`)].join('\n');
}

/** Prints results in contract order while they complete out of order. */
function orderedPrinter(total: number): (index: number, text: string) => void {
  const pending = new Map<number, string>();
  let next = 0;
  return (index, text) => {
    pending.set(index, text);
    while (next < total && pending.has(next)) {
      console.log(pending.get(next));
      pending.delete(next);
      next += 1;
    }
  };
}

async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let cursor = 0;
  const worker = async () => {
    for (let index = cursor++; index < items.length; index = cursor++) {
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const isJson = (contentType: string) => /^application\/([\w.-]+\+)?json\b/i.test(contentType.trim());

function parsesAsJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

const unique = (values: string[]) => [...new Set(values)];

function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`contract:check failed: ${(error as Error).message}`);
  process.exitCode = 2;
}
