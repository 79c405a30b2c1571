// The signature check on its own: an RS256 JWT of the release's claims, version 2.0.0 (code-signing.ts).
// Every claim is bound: a genuine signature fails the check once any of them is not what this device
// was offered.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signRelease } from '../../../../scripts/lib/ota-package.ts';
import { verifySignature } from './code-signing.ts';
import { UPDATE_MESSAGES } from './update-messages.ts';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, privatePem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(), publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};
const keys = pair();
const hash = 'ab'.repeat(32);
const release = { label: 'v7', appVersion: '2.0.x', bundleVersion: '2.2.032' };
const offered = { contentHash: hash, label: 'v7', binaryVersion: '2.0.39' };
const sign = (privatePem = keys.privatePem, contentHash = hash) => signRelease(contentHash, { privateKey: privatePem, ...release });
const token = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(keys.privateKey);

describe('verifySignature', () => {
  it('accepts the release tool’s signature (a PKCS#1 key works too) and returns what was signed', async () => {
    await expect(verifySignature(await sign(), keys.publicPem, offered)).resolves.toMatchObject({ claimVersion: '2.0.0', contentHash: hash, ...release });
  });

  it.each([
    ['another key', async () => sign(pair().privatePem), offered],
    ['another hash', async () => sign(), { ...offered, contentHash: 'cd'.repeat(32) }],
    ['another label (a package re-announced under a new label)', async () => sign(), { ...offered, label: 'v8' }],
    ['a binary outside the signed range', async () => sign(), { ...offered, binaryVersion: '2.1.0' }],
    ['CodePush’s claims, which bind neither label nor versions', async () => token({ claimVersion: '1.0.0', contentHash: hash }), offered],
    ['claims without a bundle version', async () => token({ claimVersion: '2.0.0', contentHash: hash, label: 'v7', appVersion: '2.0.x' }), offered],
    ['a bundle version that is not dotted numbers', async () => token({ claimVersion: '2.0.0', contentHash: hash, ...release, bundleVersion: 'latest' }), offered],
    ['an unsigned token', async () => `${btoa('{"alg":"none"}')}.${btoa(JSON.stringify({ claimVersion: '2.0.0', contentHash: hash, ...release }))}.`, offered],
    ['not a token', async () => 'garbage', offered],
  ])('refuses %s with the signing text', async (_case, jwt, expected) => {
    await expect(verifySignature(await jwt(), keys.publicPem, expected)).rejects.toThrow(UPDATE_MESSAGES.signingFailed);
  });
});
