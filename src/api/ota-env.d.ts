// The over-the-air update settings of the native shells, beside vite-env.d.ts so that file stays as it is.
interface ImportMetaEnv {
  /** The update server (CodePush protocol), e.g. https://updates.company.example. */
  readonly VITE_OTA_SERVER_URL?: string;
  /** Deployment keys per shell; an empty key means "Deployment key not found." and no update calls. */
  readonly VITE_OTA_DEPLOYMENT_KEY_ANDROID?: string;
  readonly VITE_OTA_DEPLOYMENT_KEY_IOS?: string;
  /** The code-signing public key (SPKI PEM; `\n` escapes allowed). Without it signed updates only warn. */
  readonly VITE_OTA_PUBLIC_KEY?: string;
}
