import { z } from 'zod';

/**
 * A platform: the tenant that holds projects, users and connections. `credits` is what is left
 * for production runs; null means unlimited. With 0 credits, production runs end QUOTA_EXCEEDED
 * (synchronous webhooks answer 402); test runs are unaffected.
 */
export const Platform = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().min(0).nullable(),
});
export type Platform = z.infer<typeof Platform>;

/** Body of `POST /v1/platform-billing/activate`: applies a license key to the platform. */
export const ActivateLicenseRequest = z.object({ licenseKey: z.string().trim().min(1) });
export type ActivateLicenseRequest = z.infer<typeof ActivateLicenseRequest>;

/** Answer of `GET /api/v1/health`. */
export const HealthResponse = z.object({ status: z.literal('OK') });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** Body of `POST /v1/platforms/:id` (platform admins): set the credit balance (null: unlimited). */
export const UpdatePlatformRequest = z.object({
  name: z.string().trim().min(1).optional(),
  credits: z.number().int().min(0).nullable().optional(),
});
export type UpdatePlatformRequest = z.infer<typeof UpdatePlatformRequest>;
