import { z } from 'zod';
import { PlatformPlan } from './platform-plan';

/**
 * What a platform uses of the limits its plan enforces: its projects and its ENABLED flows,
 * counted when asked.
 */
export const PlatformUsage = z.object({
  projects: z.number().int().min(0),
  activeFlows: z.number().int().min(0),
});
export type PlatformUsage = z.infer<typeof PlatformUsage>;

/**
 * The license key stored on a platform, as an admin may see it: only its last characters
 * (`maskedKey`, e.g. `…k3Xz9Q`), and whether it still gives its plan (`active`: it verifies and
 * has not expired).
 */
export const StoredLicenseKey = z.object({
  maskedKey: z.string(),
  active: z.boolean(),
});
export type StoredLicenseKey = z.infer<typeof StoredLicenseKey>;

/**
 * Answer of `GET /v1/platform-billing/info` (platform admins): the plan the platform is on now,
 * its usage of the plan's limits, and its license key masked (null when none was activated).
 */
export const PlatformBillingInfo = z.object({
  plan: PlatformPlan,
  usage: PlatformUsage,
  licenseKey: StoredLicenseKey.nullable(),
});
export type PlatformBillingInfo = z.infer<typeof PlatformBillingInfo>;
