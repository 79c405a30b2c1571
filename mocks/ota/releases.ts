// The update server's state and its CodePush rules: deployments (each with a key) hold an ordered list
// of releases; the update check offers the newest release whose target binary range includes the
// caller's app version, mandatory when any release the caller has not yet got is mandatory.
import type { DeployStatusReport, DownloadReport, UpdateCheckResponse } from '../../generated/http/types.gen.ts';

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

const parse = (version: string): number[] => version.split('.').map((part) => Number.parseInt(part, 10) || 0);

function compare(a: string, b: string): number {
  const [left, right] = [parse(a), parse(b)];
  for (let index = 0; index < Math.max(left.length, right.length, 3); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

function satisfiesToken(version: string, token: string): boolean {
  if (token === '*' || token === '') return true;
  const comparator = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(token);
  const operator = comparator?.[1] ?? '';
  const target = comparator?.[2] ?? token;
  if (/(^|\.)(x|X|\*)(\.|$)/.test(target)) {
    // 2.0.x, 2.x, 2.*: the fixed parts must match.
    const fixed = target.split('.').filter((part) => !/^(x|X|\*)$/.test(part));
    return fixed.every((part, index) => parse(version)[index] === Number(part));
  }
  const order = compare(version, target);
  const [major, minor] = parse(target);
  switch (operator) {
    case '>=':
      return order >= 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    case '^':
      return order >= 0 && parse(version)[0] === major;
    case '~':
      return order >= 0 && parse(version)[0] === major && parse(version)[1] === minor;
    default:
      return order === 0;
  }
}

/** The range forms CodePush releases use: `*`, exact, `2.0.x`, comparators, `^`, `~`, and `||`. */
export function satisfiesRange(version: string, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((token) => satisfiesToken(version, token)),
  );
}

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
