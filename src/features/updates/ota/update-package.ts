// The update package of SPEC §3, as the update check announces it and as it is kept once installed.
import type { UpdateInfo } from '../api.ts';

export interface UpdatePackage {
  label: string;
  /** The binary version the package was installed on (the app's native version). */
  appVersion: string;
  deploymentKey: string;
  description: string;
  isMandatory: boolean;
  packageHash: string;
  packageSize: number;
  downloadUrl: string;
  /** This label was installed before and rolled back on this device. */
  failedInstall: boolean;
  /** The package runs for the first time and has not yet confirmed it works. */
  isFirstRun: boolean;
  /** The web bundle's version as the release signed it; known once the package is verified. */
  bundleVersion?: string;
}

export interface PackageContext {
  deploymentKey: string;
  appVersion: string;
  failedLabels: readonly string[];
}

/** The announced package, or undefined when the answer says "available" without saying what. */
export function toUpdatePackage(info: UpdateInfo, context: PackageContext): UpdatePackage | undefined {
  if (!info.label || !info.package_hash || !info.download_url) return undefined;
  return {
    label: info.label,
    appVersion: context.appVersion,
    deploymentKey: context.deploymentKey,
    description: info.description ?? '',
    isMandatory: info.is_mandatory ?? false,
    packageHash: info.package_hash,
    packageSize: info.package_size ?? 0,
    downloadUrl: info.download_url,
    failedInstall: context.failedLabels.includes(info.label),
    isFirstRun: false,
  };
}
