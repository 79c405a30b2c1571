// Home's quick links: the Sunfish HR single sign-on (POST /sunfish-sso/request-token) and the job
// portal (GET /city-job/generate-token) answer URLs of two small local stand-in pages, which show
// that the token they were opened with is one this sandbox issued. Tokens are counted, not random.
import { createHash } from 'node:crypto';
import { escapeHtml, operation, type SandboxAnswer, type SandboxContext, type SandboxResource } from './routes.ts';

type Site = 'sunfish' | 'jobs';

const SITES: Record<Site, { title: string; path: string; what: string; colour: string }> = {
  sunfish: { title: 'Sunfish HR (mock)', path: '/__sandbox/sunfish-hr/sso', what: 'the partner HR system (Sunfish)', colour: '#0b6e99' },
  jobs: { title: 'Job portal (mock)', path: '/__sandbox/job-portal/login', what: 'the job portal', colour: '#0f6e5c' },
};

interface Issued {
  site: Site;
  issuedAt: Date;
  visits: number;
}

const style = (colour: string) =>
  `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1b22;background:#f5f4fa}main{max-width:560px;margin:0 auto;padding:32px 24px}h1{margin:0 0 16px;color:${colour};font-size:1.5rem}p{margin:0 0 12px}code{font-size:.95em;background:#ece9f8;padding:1px 4px;border-radius:4px}.note{color:#55525e;font-size:.875rem}`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function page(site: Site, message: string): SandboxAnswer {
  const { title, what, colour } = SITES[site];
  const css = style(colour);
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p id="token-status" role="status">${message}</p>
<p class="note">A stand-in for ${escapeHtml(what)}, served by the ESS app's local mock sandbox. The real backend answers the address of the real site.</p>
</main>
</body>
</html>
`;
  return {
    status: 200,
    contentType: 'text/html; charset=utf-8',
    headers: {
      'Content-Security-Policy': `default-src 'none'; style-src ${sha256(css)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    },
    body,
  };
}

const time = (date: Date) => date.toISOString().slice(11, 19);

export function createQuickLinksResource(): SandboxResource {
  const issued = new Map<string, Issued>();
  let count = 0;

  const issue = (context: SandboxContext, site: Site): string => {
    count += 1;
    const token = createHash('sha256').update(`${site}:${count}`).digest('hex').slice(0, 12);
    issued.set(token, { site, issuedAt: new Date(), visits: 0 });
    return context.publicUrl(`${SITES[site].path}?token=${token}`);
  };

  const landing = (site: Site) => (context: SandboxContext) => {
    const token = context.query.get('token') ?? '';
    const shown = `<code>${escapeHtml(token.slice(0, 40))}</code>`;
    const found = issued.get(token);
    if (!token) return page(site, 'No token in the address: open this page from the app.');
    if (!found || found.site !== site) return page(site, `The token ${shown} was not issued by this mock (it may have restarted): open the link from the app again.`);
    found.visits += 1;
    const again = found.visits > 1 ? ` It has been used ${found.visits} times; a real token works once.` : '';
    return page(site, `Signed in with the token ${shown}, issued by the mock at ${time(found.issuedAt)} UTC.${again}`);
  };

  return {
    name: 'quick-links',
    routes: [
      // SPEC §3's single sign-on answer has no envelope fields: status and data only.
      operation('POST', '/sunfish-sso/request-token', 'requestSunfishSsoToken', (context) => ({ json: { status: true, data: issue(context, 'sunfish') } })),
      operation('GET', '/city-job/generate-token', 'generateJobPortalToken', (context) => context.ok({ url: issue(context, 'jobs') })),
      { method: 'GET', path: SITES.sunfish.path, handle: landing('sunfish') },
      { method: 'GET', path: SITES.jobs.path, handle: landing('jobs') },
    ],
  };
}
