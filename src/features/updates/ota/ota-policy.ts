// When over-the-air updates may run at all, and how much a package may weigh. Updates fail closed: an
// update server that is not reached over https, or an app without the public key that verifies every
// package, means no updates rather than unverified ones. The same rule is applied twice: a native
// build fails on it (scripts/lib/ota-build-guard.ts), and the update client refuses to sync on it.
const MB = 1024 * 1024;

export interface OtaLimits {
  /** The package (zip) as downloaded: refused when announced, declared (Content-Length) or received above this. */
  maxDownloadBytes: number;
  /** All files of the package once unzipped: refused before inflating when the zip declares more, and while inflating. */
  maxUnpackedBytes: number;
}

export const OTA_LIMITS: Readonly<OtaLimits> = { maxDownloadBytes: 50 * MB, maxUnpackedBytes: 200 * MB };

export interface OtaSetup {
  serverUrl: string | undefined;
  /** SPKI PEM. */
  publicKey: string | undefined;
}

/**
 * no-server: updates are off (allowed: a shell that never updates over the air);
 * the others are misconfigurations that must not ship.
 */
export type OtaSetupProblem = 'no-server' | 'bad-server-url' | 'insecure-server' | 'no-public-key';

/** This device or machine itself: plain http there never crosses a network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** https, or http to a loopback host when that is allowed (local development only). */
export function isSecureUrl(url: string, { allowLoopbackHttp }: { allowLoopbackHttp: boolean }): boolean {
  const parsed = parseUrl(url);
  if (!parsed) return false;
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && allowLoopbackHttp && isLoopbackHost(parsed.hostname);
}

/** Every problem of the setup, most fundamental first; empty when updates may run. */
export function otaSetupProblems({ serverUrl, publicKey }: OtaSetup, { allowLoopbackHttp }: { allowLoopbackHttp: boolean }): OtaSetupProblem[] {
  if (!serverUrl?.trim()) return ['no-server'];
  const problems: OtaSetupProblem[] = [];
  if (!parseUrl(serverUrl)) problems.push('bad-server-url');
  else if (!isSecureUrl(serverUrl, { allowLoopbackHttp })) problems.push('insecure-server');
  if (!publicKey?.includes('-----BEGIN PUBLIC KEY-----')) problems.push('no-public-key');
  return problems;
}
