// The update errors of SPEC §5 and §8, word for word: they are logged (never shown), and tests and
// support search the logs for exactly these texts. The code-signing texts the spec does not give
// follow the CodePush plugin's; the last group is ours (updates fail closed, issue 19), for refusals
// the spec has no text for.
export const UPDATE_MESSAGES = {
  noAppVersion: 'Could not get application version.',
  noDeploymentKey: 'Deployment key not found.',
  noDiffUpdate: 'Cannot perform diff-update.',
  unzipFailed: 'Could not unzip package',
  integrityFailed: 'The update contents failed the data integrity check.',
  signingFailed: 'The update contents failed the code signing check.',
  keyWithoutSignature: 'Error! Public key was provided but there is no JWT signature within app bundle to verify.',
  updatesOffNoServer: 'Over-the-air updates are off: no update server is configured.',
  updatesOffInsecureServer: 'Over-the-air updates are off: the update server is not reached over https.',
  updatesOffNoPublicKey: 'Over-the-air updates are off: no public key is configured to verify them.',
  insecureDownload: 'The update package is not served over https.',
  packageTooLarge: 'The update package is larger than the download limit.',
  notNewer: 'The update is not newer than the running bundle.',
} as const;

export type UpdateMessage = (typeof UPDATE_MESSAGES)[keyof typeof UPDATE_MESSAGES];

/** A refusal whose message is one of the texts above. */
export class UpdateError extends Error {
  constructor(message: UpdateMessage | string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpdateError';
  }
}

/** Where the update client writes; the console by default, a recorder in tests. */
export interface UpdateLogger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
}

export const consoleLogger: UpdateLogger = {
  error: (message) => console.error(`[updates] ${message}`),
  warn: (message) => console.warn(`[updates] ${message}`),
  info: (message) => console.info(`[updates] ${message}`),
};
