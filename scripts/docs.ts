// Builds the contract's documentation into docs-dist/: http.html (Redoc), realtime.html (the AsyncAPI
// React renderer) and index.html (counts, the inferred operations, the realtime channels, a link to the
// screenshot gallery that `npm run screenshots` writes to docs-dist/screenshots/, left in place here).
// Every page is self-contained so it opens from file:// without a network.
//   npm run docs [-- --out <dir>]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { stringify as stringifyAsyncApi } from '@asyncapi/parser';
import type { AsyncAPIDocumentInterface } from '@asyncapi/parser';
import { parseAsyncApi } from './lib/asyncapi-schemas.ts';
import { bundleContract, listOperations, readJson, type ContractOperation } from './lib/contract-examples.ts';

const { values: options } = parseArgs({
  options: {
    out: { type: 'string', default: 'docs-dist' },
    // The contract roots; other roots are for trying the docs on a partial contract.
    spec: { type: 'string', default: 'openapi/openapi.yaml' },
    asyncapi: { type: 'string', default: 'asyncapi/asyncapi.yaml' },
  },
});

const TITLE = 'ESS Workplace API';
/** The screenshot gallery's folder in the docs (`npm run screenshots` writes it; scripts/screenshots.ts). */
const GALLERY_DIR = 'screenshots';
const ASYNCAPI_BUNDLE = 'node_modules/@asyncapi/react-component/browser/standalone/without-parser.js';
const ASYNCAPI_CSS = 'node_modules/@asyncapi/react-component/styles/default.min.css';
// Redoc's bundle points at these for its "powered by" logo and optional icon sets; an empty image
// keeps the page from reaching out (the logo hides itself, the icons are not used).
const REDOC_CDN = /https:\/\/cdn\.redoc(?:ly)?\.(?:ly|com)\/[^`'"\s)]*/g;
const EMPTY_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

interface RealtimeChannel {
  address: string;
  servers: string[];
  inferred: boolean;
  messages: Array<{ name: string; title: string; summary: string; inferred: boolean }>;
}

/** Tags and CSS that would load something from the network; anchors (links) are fine. */
export function externalLoads(html: string): string[] {
  const patterns = [
    /<script\b[^>]*\bsrc\s*=\s*["']?(?:https?:)?\/\/[^>]*>/gi,
    /<link\b[^>]*\bhref\s*=\s*["']?(?:https?:)?\/\/[^>]*>/gi,
    /<(?:img|iframe|source|video|audio|embed)\b[^>]*\bsrc\s*=\s*["']?(?:https?:)?\/\/[^>]*>/gi,
    /@import\s+(?:url\()?\s*["']?(?:https?:)?\/\/[^;]*/gi,
    /(?<![\w.$])url\(\s*["']?(?:https?:)?\/\/[^)]*\)/g,
    /fonts\.(?:googleapis|gstatic)\.com/gi,
    /cdn\.redoc(?:ly)?\.(?:ly|com)/gi,
  ];
  return patterns.flatMap((pattern) => html.match(pattern) ?? []);
}

function buildHttpDocs(spec: string, file: string): void {
  const redocly = resolve('node_modules/.bin/redocly');
  try {
    execFileSync(process.execPath, [redocly, 'build-docs', spec, '--inlineBundle', '--title', TITLE, '-o', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`redocly build-docs failed:\n${stderr}`, { cause: error });
  }
  writeFileSync(file, readFileSync(file, 'utf8').replace(REDOC_CDN, EMPTY_IMAGE));
}

function buildRealtimeDocs(document: AsyncAPIDocumentInterface, file: string): void {
  const json = stringifyAsyncApi(document);
  if (!json) throw new Error('the AsyncAPI document could not be serialised');
  const title = `${document.info().title()} ${document.info().version()}`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${readFileSync(ASYNCAPI_CSS, 'utf8')}</style>
<style>body { margin: 0; } .back { display: block; padding: 8px 16px; font: 14px system-ui, sans-serif; }</style>
</head>
<body>
<a class="back" href="index.html">← ESS Workplace API documentation</a>
<div id="asyncapi"></div>
<script type="application/json" id="asyncapi-document">${json.replaceAll('<', '\\u003c')}</script>
<script>${readFileSync(ASYNCAPI_BUNDLE, 'utf8').replaceAll('</script', '<\\/script')}</script>
<script>
  AsyncApiStandalone.render(
    {
      schema: document.getElementById('asyncapi-document').textContent,
      config: { show: { sidebar: true, errors: true } },
    },
    document.getElementById('asyncapi'),
  );
</script>
</body>
</html>
`;
  writeFileSync(file, html);
}

function realtimeChannels(document: AsyncAPIDocumentInterface): RealtimeChannel[] {
  const inferred = (item: { extensions(): { get(id: string): { value(): unknown } | undefined } }) =>
    item.extensions().get('x-inferred')?.value() === true;
  return document
    .channels()
    .all()
    .map((channel) => ({
      address: channel.address() ?? channel.id(),
      servers: channel
        .servers()
        .all()
        .map((server) => server.id()),
      inferred: inferred(channel),
      messages: channel
        .messages()
        .all()
        .map((message) => ({
          name: message.name() ?? message.id(),
          title: message.title() ?? '',
          summary: message.summary() ?? '',
          inferred: inferred(message),
        })),
    }));
}

function buildIndex(operations: ContractOperation[], channels: RealtimeChannel[], file: string): void {
  const inferredOperations = operations.filter((operation) => operation.inferred);
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  const messageCount = new Set(channels.flatMap((channel) => channel.messages.map((message) => message.name))).size;
  const inferredRows = inferredOperations
    .map(
      (operation) => `<tr>
  <td><code>${operation.method}</code></td>
  <td><code>${escapeHtml(operation.path)}</code></td>
  <td><code>${escapeHtml(operation.operationId)}</code></td>
  <td>${escapeHtml(operation.summary)}</td>
  <td>${escapeHtml(firstLine(operation.description))}</td>
</tr>`,
    )
    .join('\n');
  const tagRows = tags
    .map((tag) => {
      const inTag = operations.filter((operation) => operation.tag === tag);
      const inferredInTag = inTag.filter((operation) => operation.inferred).length;
      return `<tr><td>${escapeHtml(tag || '(untagged)')}</td><td>${inTag.length}</td><td>${inferredInTag}</td></tr>`;
    })
    .join('\n');
  const channelItems = channels
    .map((channel) => {
      const messages = channel.messages
        .map(
          (message) =>
            `<li><code>${escapeHtml(message.name)}</code> ${escapeHtml(message.title)}` +
            `${message.summary ? `: ${escapeHtml(message.summary)}` : ''}${message.inferred ? ' <em>(inferred)</em>' : ''}</li>`,
        )
        .join('');
      return `<li><code>${escapeHtml(channel.address)}</code> on ${escapeHtml(channel.servers.join(', ') || 'every server')}${
        channel.inferred ? ' <em>(inferred)</em>' : ''
      }<ul>${messages}</ul></li>`;
    })
    .join('\n');

  writeFileSync(
    file,
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLE} documentation</title>
<style>
  body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1f2933; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
  th, td { border: 1px solid #d3d8de; padding: .35rem .6rem; text-align: left; vertical-align: top; }
  th { background: #f1f4f7; }
  code { font-size: 13px; }
  .counts { display: flex; gap: 2rem; flex-wrap: wrap; padding: 0; list-style: none; }
  .counts strong { display: block; font-size: 1.8rem; }
</style>
</head>
<body>
<h1>${TITLE} documentation</h1>
<p>The hand-written contract of the ESS Workplace app: every HTTP call and every realtime event it handles.</p>
<ul>
  <li><a href="http.html">HTTP API</a> (OpenAPI 3.1)</li>
  <li><a href="realtime.html">Realtime events</a> (AsyncAPI 3)</li>
  <li><a href="${GALLERY_DIR}/index.html">Screenshot gallery</a>: every screen of the app at 390 and 1280 px, light and dark, English and Indonesian (made by <code>npm run screenshots</code>)</li>
</ul>
<ul class="counts">
  <li><strong id="operations-total">${operations.length}</strong> operations</li>
  <li><strong id="inferred-total">${inferredOperations.length}</strong> inferred (<code>x-inferred: true</code>)</li>
  <li><strong id="channels-total">${channels.length}</strong> realtime channels</li>
  <li><strong id="messages-total">${messageCount}</strong> realtime messages</li>
</ul>
<h2>Operations by tag</h2>
<table>
<thead><tr><th>Tag</th><th>Operations</th><th>Inferred</th></tr></thead>
<tbody>
${tagRows}
</tbody>
</table>
<h2 id="inferred">Inferred operations</h2>
<p>Calls the app needs that the specification does not show, or whose payload it does not show. Each one says what is assumed.</p>
<table id="inferred-operations">
<thead><tr><th>Method</th><th>Path</th><th>operationId</th><th>Summary</th><th>Assumption</th></tr></thead>
<tbody>
${inferredRows}
</tbody>
</table>
<h2 id="realtime">Realtime channels and messages</h2>
<ul id="realtime-channels">
${channelItems}
</ul>
</body>
</html>
`,
  );
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

async function main(): Promise<number> {
  const started = performance.now();
  if (!existsSync(options.asyncapi)) {
    console.error(`docs: ${options.asyncapi} does not exist; the realtime page needs it`);
    return 1;
  }
  const { document, diagnostics } = await parseAsyncApi(options.asyncapi);
  if (!document) {
    for (const diagnostic of diagnostics) console.error(`${options.asyncapi}: ${diagnostic.message} at ${diagnostic.path.join('.')}`);
    console.error('docs: the AsyncAPI document does not parse');
    return 1;
  }

  const out = resolve(options.out);
  // The screenshot gallery lives in the docs' folder but is made by its own command: it stays.
  for (const entry of existsSync(out) ? readdirSync(out) : []) if (entry !== GALLERY_DIR) rmSync(join(out, entry), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), 'docs-'));
  try {
    const bundled = bundleContract(options.spec, join(workDir, 'openapi.bundled.json'));
    const operations = listOperations(readJson(bundled));
    buildHttpDocs(bundled, join(out, 'http.html'));
    buildRealtimeDocs(document, join(out, 'realtime.html'));
    const channels = realtimeChannels(document);
    buildIndex(operations, channels, join(out, 'index.html'));

    let failed = false;
    for (const page of ['index.html', 'http.html', 'realtime.html']) {
      const loads = externalLoads(readFileSync(join(out, page), 'utf8'));
      if (loads.length) {
        failed = true;
        console.error(`docs: ${page} loads from the network: ${loads.slice(0, 5).join(' | ')}`);
      }
    }
    const inferred = operations.filter((operation) => operation.inferred).length;
    console.log(
      `docs: ${relative('.', out) || '.'}/{index,http,realtime}.html; ${operations.length} operations ` +
        `(${inferred} inferred), ${channels.length} realtime channels in ${Math.round(performance.now() - started)} ms`,
    );
    return failed ? 1 : 0;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.main) process.exitCode = await main();
