// Code signing as CodePush does it: the release tool signs `{claimVersion: '1.0.0', contentHash}` as an
// RS256 JWT and ships it in the bundle's `.codepushrelease`; the client verifies it against the public
// key it was built with and compares the signed hash with the contents it actually received.
// Loaded only for signed updates or when a key is configured (jose stays out of every other chunk).
import { importSPKI, jwtVerify } from 'jose';
import { UPDATE_MESSAGES, UpdateError } from './update-messages.ts';

export const CLAIM_VERSION = '1.0.0';

export async function verifySignature(jwt: string, publicKeyPem: string, contentHash: string): Promise<void> {
  let claims: Record<string, unknown>;
  try {
    const key = await importSPKI(publicKeyPem, 'RS256');
    ({ payload: claims } = await jwtVerify(jwt, key, { algorithms: ['RS256'] }));
  } catch (error) {
    throw new UpdateError(UPDATE_MESSAGES.signingFailed, { cause: error });
  }
  if (claims.claimVersion !== CLAIM_VERSION || claims.contentHash !== contentHash) {
    throw new UpdateError(UPDATE_MESSAGES.signingFailed);
  }
}
