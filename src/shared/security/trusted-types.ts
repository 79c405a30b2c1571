// Trusted Types: the server's Content-Security-Policy has `require-trusted-types-for 'script'`
// (deploy/nginx, scripts/lib/csp.ts), so the browser refuses a plain string at every script sink
// (innerHTML, script URLs, eval) and only takes values made by a policy the CSP names. The app has two:
// DOMPurify's 'dompurify' (rich HTML, only through src/shared/safe-html) and this one, 'ess-app', which
// makes script URLs of the app's own origin and nothing else: the service worker's. There is no
// 'default' policy, so any other sink a string reaches is refused and reported.
import { lazyValue } from '../../api/lazy-value.ts';

export const APP_POLICY_NAME = 'ess-app';

/** The browser's TrustedScriptURL (an opaque value that stringifies to the URL). */
export interface TrustedScriptURLValue {
  toString(): string;
}

interface ScriptUrlPolicy {
  createScriptURL(input: string): TrustedScriptURLValue;
}

interface TrustedTypePolicyFactoryLike {
  createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy;
}

/** The URL, absolute, when it is an http(s) URL of this page's origin; throws for anything else. */
export function sameOriginScriptUrl(input: string, base: string = location.href): string {
  const url = new URL(input, base);
  const page = new URL(base);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== page.origin) {
    throw new TypeError(`ess-app policy: refused a script URL outside the app's origin: ${url.href}`);
  }
  return url.href;
}

/** The 'ess-app' policy, created once on first use (a browser refuses a second policy of the same name); null without Trusted Types. */
const appPolicy = lazyValue((): ScriptUrlPolicy | null => {
  const factory = (globalThis as { trustedTypes?: TrustedTypePolicyFactoryLike }).trustedTypes;
  return factory ? factory.createPolicy(APP_POLICY_NAME, { createScriptURL: (input) => sameOriginScriptUrl(input) }) : null;
});

/**
 * A script URL of the app's own origin for a Trusted Types sink (navigator.serviceWorker.register):
 * a TrustedScriptURL where the browser has Trusted Types, the checked URL string elsewhere.
 */
export function trustedScriptUrl(url: string): TrustedScriptURLValue | string {
  const appPolicyNow = appPolicy.get();
  return appPolicyNow ? appPolicyNow.createScriptURL(url) : sameOriginScriptUrl(url);
}
