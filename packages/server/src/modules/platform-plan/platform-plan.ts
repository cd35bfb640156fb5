/**
 * The one owner of a platform's plan: the plan of its activated license key while the key
 * verifies and has not expired, else the free plan (`FREE_PLAN`: everything on, no limit). Other
 * modules ask {@link platformPlan} (or {@link requirePlanFeature} to gate a route) and never read
 * the key themselves.
 */
import type { KeyObject } from 'node:crypto';
import {
  FREE_PLAN,
  PieceworkError,
  type LicenseKeyPayload,
  type PlatformPlan,
  type PlatformPlanFeature,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { ServerSettings } from '../../infrastructure/config/server-settings';
import type { ServerBase } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { parseLicensePublicKey, verifyLicenseKey } from './license-key-codec';
import { findPlatformLicenseKey } from './platform-plan-repository';

/** What reading a plan needs: the settings (the public key) and the clock. */
export type PlanContext = Pick<ServerBase, 'settings' | 'now'>;

const publicKeys = new WeakMap<ServerSettings, KeyObject | undefined>();

/**
 * The license public key of AP_LICENSE_PUBLIC_KEY (undefined when unset), parsed once per
 * settings. Throws when it is set but not an Ed25519 public key: call it at start-up.
 */
export function licensePublicKeyOf(settings: ServerSettings): KeyObject | undefined {
  if (!publicKeys.has(settings)) {
    const text = settings.config.licensePublicKey;
    publicKeys.set(settings, text === undefined ? undefined : parseLicensePublicKey(text));
  }
  return publicKeys.get(settings);
}

/** The plan a verified license key gives: its name, limits and features over the free plan's. */
export function planOfLicense(payload: LicenseKeyPayload): PlatformPlan {
  return {
    name: payload.plan,
    limits: { ...FREE_PLAN.limits, ...payload.limits },
    features: { ...FREE_PLAN.features, ...payload.features },
    licenseExpiresAt: payload.expiresAt,
  };
}

/** The plan of a stored key now: its plan when it still verifies and has not expired, else free. */
export function planOfStoredKey(ctx: PlanContext, licenseKey: string | null): PlatformPlan {
  if (licenseKey === null) return FREE_PLAN;
  try {
    return planOfLicense(verifyLicenseKey(licensePublicKeyOf(ctx.settings), licenseKey, ctx.now()));
  } catch {
    return FREE_PLAN;
  }
}

/** {@link platformPlan} read through `db` (a write transaction, when the caller is inside one). */
export async function platformPlanIn(
  db: Kysely<Database>,
  ctx: PlanContext,
  platformId: string | undefined,
): Promise<PlatformPlan> {
  if (platformId === undefined) return FREE_PLAN;
  const row = await findPlatformLicenseKey(db, platformId);
  return planOfStoredKey(ctx, row?.licenseKey ?? null);
}

/**
 * The plan platform `platformId` is on now (the free plan for an unknown or undefined platform).
 * Use it wherever a module's behaviour depends on the plan.
 */
export function platformPlan(
  ctx: PlanContext & Pick<ServerBase, 'store'>,
  platformId: string | undefined,
): Promise<PlatformPlan> {
  return platformPlanIn(ctx.store.db, ctx, platformId);
}

/**
 * Refuses with 402 FEATURE_DISABLED `{feature}` when the platform's plan turns `feature` off. Call
 * it first in a handler (or service) of a feature the plan may gate.
 */
export async function requirePlanFeature(
  ctx: PlanContext & Pick<ServerBase, 'store'>,
  platformId: string,
  feature: PlatformPlanFeature,
): Promise<void> {
  const plan = await platformPlan(ctx, platformId);
  if (!plan.features[feature]) {
    throw new PieceworkError('FEATURE_DISABLED', {
      message: `The platform's plan (${plan.name}) does not include ${feature}`,
      feature,
    });
  }
}
