import { z } from 'zod';
import { PlatformPlanFeatures, PlatformPlanLimits } from './platform-plan';

/**
 * What a license key says, signed by the vendor. A key is
 * `base64url(UTF-8 JSON of this payload) + "." + base64url(Ed25519 signature of the first part's
 * ASCII bytes)`; the server holds the vendor's public key (AP_LICENSE_PUBLIC_KEY) and accepts a
 * key only when the signature verifies and `expiresAt` is in the future. Limits and features the
 * payload leaves out are those of the free plan.
 *
 * @example
 * ```ts
 * LicenseKeyPayload.parse({
 *   licenseId: 'lic_1', customer: 'Acme', plan: 'enterprise',
 *   issuedAt: '2026-01-01T00:00:00.000Z', expiresAt: '2027-01-01T00:00:00.000Z',
 *   limits: { activeFlows: 100 }, features: { ssoEnabled: false },
 * });
 * ```
 */
export const LicenseKeyPayload = z.object({
  licenseId: z.string().min(1),
  customer: z.string().min(1),
  /** The plan name, shown as the platform plan's `name`. */
  plan: z.string().min(1),
  issuedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  limits: PlatformPlanLimits.partial().default({}),
  features: PlatformPlanFeatures.partial().default({}),
});
export type LicenseKeyPayload = z.infer<typeof LicenseKeyPayload>;
