// The signature check on its own: an RS256 JWT of {claimVersion: '1.0.0', contentHash}.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signPackageHash } from '../../../../scripts/lib/ota-package.ts';
import { verifySignature } from './code-signing.ts';
import { UPDATE_MESSAGES } from './update-messages.ts';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, privatePem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(), publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};
const keys = pair();
const hash = 'ab'.repeat(32);

describe('verifySignature', () => {
  it('accepts the release tool’s signature (a PKCS#1 key works too)', async () => {
    await expect(verifySignature(await signPackageHash(hash, keys.privatePem), keys.publicPem, hash)).resolves.toBeUndefined();
  });

  it.each([
    ['another key', async () => signPackageHash(hash, pair().privatePem), hash],
    ['another hash', async () => signPackageHash(hash, keys.privatePem), 'cd'.repeat(32)],
    ['another claim version', async () => new SignJWT({ claimVersion: '2.0.0', contentHash: hash }).setProtectedHeader({ alg: 'RS256' }).sign(keys.privateKey), hash],
    ['an unsigned token', async () => `${btoa('{"alg":"none"}')}.${btoa(JSON.stringify({ claimVersion: '1.0.0', contentHash: hash }))}.`, hash],
    ['not a token', async () => 'garbage', hash],
  ])('refuses %s with the signing text', async (_case, token, expected) => {
    await expect(verifySignature(await token(), keys.publicPem, expected)).rejects.toThrow(UPDATE_MESSAGES.signingFailed);
  });
});
