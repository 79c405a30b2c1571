// @vitest-environment happy-dom
// The app's Trusted Types policy ('ess-app'): it makes script URLs of the app's own origin only, so an
// outside value can never become a script URL through it (jsdom has no Trusted Types: a stand-in
// factory records what the policy is asked).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Rules {
  createScriptURL(input: string): string;
}

describe('the ess-app Trusted Types policy', () => {
  let created: Array<{ name: string; rules: Rules }>;

  beforeEach(() => {
    vi.resetModules();
    created = [];
    vi.stubGlobal('trustedTypes', {
      createPolicy: (name: string, rules: Rules) => {
        created.push({ name, rules });
        return { createScriptURL: (input: string) => ({ trusted: rules.createScriptURL(input), toString: () => rules.createScriptURL(input) }) };
      },
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('is created once, by name, and makes a trusted value for the service worker', async () => {
    const { trustedScriptUrl, APP_POLICY_NAME } = await import('./trusted-types.ts');
    const first = trustedScriptUrl('/sw.js');
    trustedScriptUrl('/sw.js');
    expect(APP_POLICY_NAME).toBe('ess-app');
    expect(created.map(({ name }) => name)).toEqual(['ess-app']);
    expect(first).toMatchObject({ trusted: `${location.origin}/sw.js` });
  });

  it.each([
    'https://evil.example/sw.js',
    '//evil.example/sw.js',
    'data:text/javascript,alert(1)',
    'javascript:alert(1)',
    `blob:${location.origin}/0b0e2b1c-6a5d-4c3e-9f3a-1d2c3b4a5e6f`,
  ])('refuses %s', async (url) => {
    const { trustedScriptUrl } = await import('./trusted-types.ts');
    expect(() => trustedScriptUrl(url)).toThrow(/outside the app's origin/);
  });

  it('checks the URL the same way where the browser has no Trusted Types', async () => {
    vi.stubGlobal('trustedTypes', undefined);
    const { trustedScriptUrl } = await import('./trusted-types.ts');
    expect(trustedScriptUrl('/sw.js')).toBe(`${location.origin}/sw.js`);
    expect(() => trustedScriptUrl('https://evil.example/sw.js')).toThrow();
  });
});
