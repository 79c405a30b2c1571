// The update service's three calls (SPEC §7) on its own client, plus the package download. The
// service is the CodePush protocol's, and so is its rule for giving up: after a failure that waiting
// cannot fix (any status but 5xx, 408 and 429) this launch makes no further update calls; a new
// launch (a new OtaApi) tries again.
import {
  checkForUpdate as sdkCheckForUpdate,
  reportDeployStatus as sdkReportDeployStatus,
  reportDownload as sdkReportDownload,
} from '../../../generated/http/sdk.gen.ts';
import type { DeployStatusReport, DownloadReport, UpdateInfo } from '../../../generated/http/types.gen.ts';
import { ApiError } from '../../api/api-error.ts';
import { downloadUpdatePackage, getOtaClient, type DownloadOptions, type OtaClient } from '../../api/ota-client.ts';

export type { DeployStatusReport, DownloadReport, UpdateInfo };
export type { DownloadOptions, DownloadProgress } from '../../api/ota-client.ts';
export { PackageTooLargeError } from '../../api/ota-client.ts';

export interface UpdateCheckQuery {
  deploymentKey: string;
  appVersion: string;
  clientUniqueId: string;
  /** The running package's hash and label; absent while the binary's own bundle runs. */
  packageHash?: string;
  label?: string;
  isCompanion?: boolean;
}

export interface OtaApi {
  checkForUpdate(query: UpdateCheckQuery): Promise<UpdateInfo>;
  reportDeployStatus(report: DeployStatusReport): Promise<void>;
  reportDownload(report: DownloadReport): Promise<void>;
  downloadPackage(url: string, options?: DownloadOptions): Promise<Uint8Array>;
  /** True once a non-recoverable failure has switched update calls off for this launch. */
  readonly disabled: boolean;
}

/** Thrown instead of calling once update calls are switched off. */
export class OtaCallsDisabledError extends Error {
  constructor() {
    super('Update calls are disabled after a non-recoverable failure of the update service.');
    this.name = 'OtaCallsDisabledError';
  }
}

/** Worth another try later: the server failed or was busy (CodePush's isRecoverable). */
export const isRecoverableStatus = (status: number): boolean => status >= 500 || status === 408 || status === 429;

/** An HTTP failure status that no retry will fix; no answer at all, or a malformed one, is not one. */
export function isNonRecoverable(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status !== undefined && !isRecoverableStatus(error.status);
}

export function createOtaApi({ client = getOtaClient() }: { client?: OtaClient } = {}): OtaApi {
  let disabled = false;

  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    if (disabled) throw new OtaCallsDisabledError();
    try {
      return await call();
    } catch (error) {
      if (isNonRecoverable(error)) disabled = true;
      throw error;
    }
  }

  return {
    get disabled() {
      return disabled;
    },
    checkForUpdate: (query) =>
      guarded(async () => {
        const { data } = await sdkCheckForUpdate({
          client,
          throwOnError: true,
          query: {
            deployment_key: query.deploymentKey,
            app_version: query.appVersion,
            client_unique_id: query.clientUniqueId,
            is_companion: query.isCompanion ?? false,
            ...(query.packageHash ? { package_hash: query.packageHash } : {}),
            ...(query.label ? { label: query.label } : {}),
          },
        });
        return data.update_info;
      }),
    reportDeployStatus: (report) =>
      guarded(async () => {
        await sdkReportDeployStatus({ client, throwOnError: true, body: report });
      }),
    reportDownload: (report) =>
      guarded(async () => {
        await sdkReportDownload({ client, throwOnError: true, body: report });
      }),
    // Not an update-service call: the package may live on any host, and CodePush never gates it.
    downloadPackage: (url, options) => downloadUpdatePackage(url, options),
  };
}
