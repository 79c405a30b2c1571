// The update server's state and its CodePush rules: deployments (each with a key) hold an ordered list
// of releases; the update check offers the newest release whose target binary range includes the
// caller's app version, mandatory when any release the caller has not yet got is mandatory.
import type { DeployStatusReport, DownloadReport, UpdateCheckResponse } from '../../generated/http/types.gen.ts';
import { compareVersions as compare, satisfiesRange } from '../../src/features/updates/ota/versions.ts';

export interface Release {
  label: string;
  targetBinaryRange: string;
  description: string;
  isMandatory: boolean;
  packageHash: string;
  packageSize: number;
  zip: Uint8Array;
  releasedAt: string;
}

export interface Deployment {
  name: string;
  key: string;
  releases: Release[];
}

export interface UpdateCheckQuery {
  deploymentKey: string;
  appVersion: string;
  packageHash?: string;
  label?: string;
  clientUniqueId?: string;
}

export interface RecordedReports {
  deploy: (DeployStatusReport & { receivedAt: string })[];
  download: (DownloadReport & { receivedAt: string })[];
}

/** The contract's example key is the Production deployment, so the contract check gets real answers. */
export const DEFAULT_DEPLOYMENTS = {
  Production: 'dK3y-Pr0duction-7Xq',
  Staging: 'dK3y-St4ging-l0cal',
} as const;

/** The lowest version a range admits, roughly: to tell "needs a newer binary" from "nothing for you". */
const lowerBound = (range: string): string => /(\d+(?:\.\d+){0,2})/.exec(range)?.[1]?.replace(/\.?$/, '') ?? '0';

export function answerUpdateCheck(deployment: Deployment, query: UpdateCheckQuery, packageUrl: (release: Release) => string): UpdateCheckResponse {
  const releases = deployment.releases;
  const index = releases.findLastIndex((release) => satisfiesRange(query.appVersion, release.targetBinaryRange));
  if (index < 0) {
    const newerBinary = releases.some((release) => compare(lowerBound(release.targetBinaryRange), query.appVersion) > 0);
    return { update_info: { is_available: false, update_app_version: newerBinary } };
  }
  const release = releases[index]!;
  if (query.packageHash && query.packageHash === release.packageHash) {
    return { update_info: { is_available: false, update_app_version: false } };
  }
  const installed = releases.findIndex(
    (candidate) => (query.label && candidate.label === query.label) || (query.packageHash && candidate.packageHash === query.packageHash),
  );
  const isMandatory = releases
    .slice(installed + 1, index + 1)
    .some((candidate) => candidate.isMandatory && satisfiesRange(query.appVersion, candidate.targetBinaryRange));
  return {
    update_info: {
      is_available: true,
      update_app_version: false,
      target_binary_range: release.targetBinaryRange,
      description: release.description,
      label: release.label,
      is_mandatory: isMandatory,
      package_hash: release.packageHash,
      package_size: release.packageSize,
      download_url: packageUrl(release),
    },
  };
}
