// The update errors of SPEC §5 and §8, word for word: they are logged (never shown), and tests and
// support search the logs for exactly these texts. The code-signing texts the spec does not give
// follow the CodePush plugin's.
export const UPDATE_MESSAGES = {
  noAppVersion: 'Could not get application version.',
  noDeploymentKey: 'Deployment key not found.',
  noDiffUpdate: 'Cannot perform diff-update.',
  unzipFailed: 'Could not unzip package',
  integrityFailed: 'The update contents failed the data integrity check.',
  signingFailed: 'The update contents failed the code signing check.',
  keyWithoutSignature: 'Error! Public key was provided but there is no JWT signature within app bundle to verify.',
  signatureWithoutKey:
    "Warning! JWT signature exists in codepush update but code integrity check couldn't be performed because there is no public key configured.",
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
