/**
 * Activating a license key on a platform: the key must verify against AP_LICENSE_PUBLIC_KEY and not
 * have expired; it is then stored on the platform (replacing an earlier one) and its plan answered.
 * A refused key (INVALID_LICENSE_KEY, LICENSE_KEY_EXPIRED) changes nothing.
 */
import type { PlatformPlan } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { verifyLicenseKey } from './license-key-codec';
import { licensePublicKeyOf, planOfLicense } from './platform-plan';
import { setPlatformLicenseKey } from './platform-plan-repository';

/** What activating a license key uses: the settings (the public key), the store, the clock and the logger. */
export type PlatformBillingDependencies = Pick<ServerContext, 'settings' | 'store' | 'now' | 'logger'>;

/** Verifies `licenseKey` (trimmed), stores it on platform `platformId` and answers the plan it gives. */
export async function activateLicenseKey(
  deps: PlatformBillingDependencies,
  platformId: string,
  licenseKeyText: string,
): Promise<PlatformPlan> {
  const licenseKey = licenseKeyText.trim();
  const payload = verifyLicenseKey(licensePublicKeyOf(deps.settings), licenseKey, deps.now());
  await deps.store.write((trx) => setPlatformLicenseKey(trx, platformId, licenseKey, deps.now()));
  deps.logger.info(
    { platform: { id: platformId }, license: { id: payload.licenseId, plan: payload.plan } },
    'license key activated',
  );
  return planOfLicense(payload);
}
