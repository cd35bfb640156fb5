/**
 * What the plan page shows a platform admin: the plan the platform is on now, what it uses of the
 * limits the plan enforces (projects, ENABLED flows), and its license key masked to its last
 * characters, so the key itself never leaves the server again once activated.
 */
import type { PlatformBillingInfo, StoredLicenseKey } from '@piecework/shared';
import { planOfStoredKey } from './platform-plan';
import type { PlatformBillingDependencies } from './platform-billing-service';
import {
  countEnabledPlatformFlows,
  countPlatformProjects,
  findPlatformLicenseKey,
} from './platform-plan-repository';

/** How many of a key's last characters the masked key shows. */
const SHOWN_CHARACTERS = 6;

/** `licenseKey` with all but its last characters hidden: `…k3Xz9Q`. */
export function maskLicenseKey(licenseKey: string): string {
  return `…${licenseKey.slice(-SHOWN_CHARACTERS)}`;
}

/** The plan, usage and masked license key of platform `platformId`. */
export async function platformBillingInfo(
  deps: PlatformBillingDependencies,
  platformId: string,
): Promise<PlatformBillingInfo> {
  const db = deps.store.db;
  const [row, projects, activeFlows] = await Promise.all([
    findPlatformLicenseKey(db, platformId),
    countPlatformProjects(db, platformId),
    countEnabledPlatformFlows(db, platformId),
  ]);
  const licenseKey = row?.licenseKey ?? null;
  const plan = planOfStoredKey(deps, licenseKey);
  return {
    plan,
    usage: { projects, activeFlows },
    licenseKey: licenseKey === null ? null : storedKey(licenseKey, plan.licenseExpiresAt !== null),
  };
}

/** The masked view of a stored key; `active` when it gave the plan (it verified, unexpired). */
function storedKey(licenseKey: string, active: boolean): StoredLicenseKey {
  return { maskedKey: maskLicenseKey(licenseKey), active };
}
