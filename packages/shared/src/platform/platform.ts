import { z } from 'zod';
import { FederatedAuthProvidersUpdate, FederatedAuthProvidersView } from './federated-auth-providers';
import { PlatformAuthSettings } from './platform-auth-settings';

/**
 * A platform: the tenant that holds projects, users and connections. `credits` is what is left
 * for production runs; null means unlimited. With 0 credits, production runs end QUOTA_EXCEEDED
 * (synchronous webhooks answer 402); test runs are unaffected. The sign-in rules are
 * {@link PlatformAuthSettings}; the identity providers it offers beyond them are
 * `federatedAuthProviders` (never with their secrets).
 */
export const Platform = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().min(0).nullable(),
  ...PlatformAuthSettings.shape,
  federatedAuthProviders: FederatedAuthProvidersView,
});
export type Platform = z.infer<typeof Platform>;

/** Body of `POST /v1/platform-billing/activate`: applies a license key to the platform. */
export const ActivateLicenseRequest = z.object({ licenseKey: z.string().trim().min(1) });
export type ActivateLicenseRequest = z.infer<typeof ActivateLicenseRequest>;

/** A worker process as the app's health lists it (scale-out: AP_CONTAINER_TYPE WORKER). */
export const HealthWorker = z.object({
  /** The worker's id (host, process and a random part). */
  id: z.string(),
  /** Its release; workers and the app must run the same one. */
  release: z.string(),
  /** Jobs it runs at once (its AP_WORKER_CONCURRENCY). */
  concurrency: z.number().int(),
  /** False while it refuses jobs (its release is not the app's, or no app is known yet). */
  acceptsJobs: z.boolean(),
  /** Why it refuses jobs, when it does (names both releases). */
  refusal: z.string().optional(),
  /** Its last heartbeat (ISO-8601). */
  lastSeen: z.string(),
});
export type HealthWorker = z.infer<typeof HealthWorker>;

/**
 * Answer of `GET /api/v1/health`: `{status: 'OK'}` as Activepieces answers; in scale-out also the
 * app's `release` and the worker processes heard from in the last 15 seconds.
 */
export const HealthResponse = z.object({
  status: z.literal('OK'),
  release: z.string().optional(),
  workers: z.array(HealthWorker).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * Body of `POST /v1/platforms/:id` (platform admins): rename, set the credit balance (null:
 * unlimited), change sign-in rules ({@link PlatformAuthSettings}) or set identity providers up
 * ({@link FederatedAuthProvidersUpdate}); absent fields stay as they are.
 */
export const UpdatePlatformRequest = z.object({
  name: z.string().trim().min(1).optional(),
  credits: z.number().int().min(0).nullable().optional(),
  ...PlatformAuthSettings.partial().shape,
  federatedAuthProviders: FederatedAuthProvidersUpdate.optional(),
});
export type UpdatePlatformRequest = z.infer<typeof UpdatePlatformRequest>;
