// `npm run docs`: three self-contained pages that open offline, an index that lists the inferred
// operations with the right counts, and a realtime page that renders without a network. The pages are
// built where `npm run docs` puts them (docs-dist/): npm test builds the docs only here, and the browser
// test (tests/e2e/docs.spec.ts) then opens these same files.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOperations, readJson, type ContractOperation } from '../../scripts/lib/contract-examples.ts';

// jsdom comes with vitest and the AsyncAPI renderer but without type declarations: describe the little used here.
interface JsdomWindow extends Window {
  close(): void;
}
interface JsdomModule {
  JSDOM: new (html: string, options?: Record<string, unknown>) => { window: JsdomWindow };
  VirtualConsole: new () => { on(event: 'jsdomError', listener: (error: Error) => void): void };
}
const { JSDOM, VirtualConsole } = (await import('jsdom' as string)) as JsdomModule;

const NODE = existsSync(resolve('node_modules/.bin/node')) ? resolve('node_modules/.bin/node') : process.execPath;
const PAGES = ['index.html', 'http.html', 'realtime.html'];

let out: string;
let operations: ContractOperation[];
let run: { code: number; output: string };

beforeAll(async () => {
  out = resolve('docs-dist');
  // The contract as `redocly bundle` writes it: generated/ holds exactly that (tests/contract/fresh.test.ts).
  operations = listOperations(readJson('generated/openapi.bundled.json'));
  run = await new Promise((resolveRun) => {
    execFile(NODE, ['scripts/docs.ts', '--out', out], { timeout: 50_000 }, (error, stdout, stderr) => {
      resolveRun({ code: error ? Number(error.code ?? -1) : 0, output: stdout + stderr });
    });
  });
});

const page = (name: string) => readFileSync(join(out, name), 'utf8');

describe('npm run docs', () => {
  it('writes the three pages', () => {
    expect(run.code, run.output).toBe(0);
    for (const name of PAGES) expect(existsSync(join(out, name)), name).toBe(true);
  });

  it.each(PAGES)('%s loads nothing from the network', (name) => {
    const html = page(name);
    expect(html).not.toMatch(/<script\b[^>]*\bsrc\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/<link\b[^>]*\bhref\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/<img\b[^>]*\bsrc\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/@import\s+(url\()?\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/i);
    expect(html).not.toMatch(/cdn\.redoc(ly)?\.(ly|com)|cdn\.jsdelivr|unpkg\.com/i);
  });

  it('counts the operations and lists every inferred one in the index', () => {
    const inferred = operations.filter((operation) => operation.inferred);
    expect(inferred.length).toBeGreaterThan(0);
    const { document } = new JSDOM(page('index.html')).window;
    expect(document.getElementById('operations-total')?.textContent).toBe(String(operations.length));
    expect(document.getElementById('inferred-total')?.textContent).toBe(String(inferred.length));

    const rows = [...document.querySelectorAll('#inferred-operations tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
    );
    expect(rows.map(([method, path, operationId]) => `${method} ${path} ${operationId}`)).toEqual(
      inferred.map((operation) => `${operation.method} ${operation.path} ${operation.operationId}`),
    );
    for (const [, , , summary, assumption] of rows) {
      expect(summary).not.toBe('');
      expect(assumption).not.toBe('');
    }
    expect(document.querySelector('a[href="http.html"]')).not.toBeNull();
    expect(document.querySelector('a[href="realtime.html"]')).not.toBeNull();
  });

  it('lists the realtime channels and messages in the index', () => {
    const text = new JSDOM(page('index.html')).window.document.getElementById('realtime-channels')?.textContent ?? '';
    expect(text).toContain('{prefix}_global_event');
    expect(text).toContain('global_event');
    expect(text).toContain('live_chat');
    expect(text).toContain('new_chat_room');
  });

  it('links the screenshot gallery (npm run screenshots) from the index', () => {
    const link = new JSDOM(page('index.html')).window.document.querySelector('a[href="screenshots/index.html"]');
    expect(link?.textContent).toBe('Screenshot gallery');
  });

  it('carries the HTTP operations in the Redoc page', () => {
    const html = page('http.html');
    for (const operationId of ['getUserData', 'getPermissions', 'checkForUpdate']) expect(html).toContain(operationId);
  });

  it('renders the realtime page from file:// without a network', async () => {
    const requests: string[] = [];
    const errors: string[] = [];
    const virtualConsole = new VirtualConsole();
    virtualConsole.on('jsdomError', (error) => errors.push(error.message));
    const dom = new JSDOM(page('realtime.html'), {
      url: `file://${join(out, 'realtime.html')}`,
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      virtualConsole,
      // What a browser has and jsdom lacks; fetch records any attempt to reach out.
      beforeParse(window: JsdomWindow) {
        Object.assign(window, {
          fetch: (input: unknown) => {
            requests.push(String(input));
            return Promise.reject(new Error('offline'));
          },
          Headers,
          Request,
          Response,
          ResizeObserver: class {
            observe() {}
            unobserve() {}
            disconnect() {}
          },
          matchMedia: () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }),
        });
      },
    });
    try {
      const root = dom.window.document.getElementById('asyncapi');
      await expect.poll(() => root?.textContent ?? '', { timeout: 10_000 }).toContain('live_chat');
      expect(root?.textContent).toContain('_global_event');
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      dom.window.close();
    }
  });
});
