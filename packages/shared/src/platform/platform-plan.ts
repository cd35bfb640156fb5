import { z } from 'zod';

/**
 * The feature toggles of a platform's plan, with Activepieces' names. Every one is on
 * in the {@link FREE_PLAN}; a license key may turn some off. A route gated on a toggle that is off
 * answers 402 FEATURE_DISABLED.
 */
export const PlatformPlanFeatures = z.object({
  environmentsEnabled: z.boolean(),
  analyticsEnabled: z.boolean(),
  agentsEnabled: z.boolean(),
  mcpsEnabled: z.boolean(),
  tablesEnabled: z.boolean(),
  auditLogEnabled: z.boolean(),
  embeddingEnabled: z.boolean(),
  managePiecesEnabled: z.boolean(),
  manageTemplatesEnabled: z.boolean(),
  customAppearanceEnabled: z.boolean(),
  manageProjectsEnabled: z.boolean(),
  projectRolesEnabled: z.boolean(),
  customDomainsEnabled: z.boolean(),
  globalConnectionsEnabled: z.boolean(),
  customRolesEnabled: z.boolean(),
  apiKeysEnabled: z.boolean(),
  ssoEnabled: z.boolean(),
});
export type PlatformPlanFeatures = z.infer<typeof PlatformPlanFeatures>;

/** One feature toggle of a plan, e.g. `globalConnectionsEnabled`. */
export type PlatformPlanFeature = keyof PlatformPlanFeatures;

/** A plan limit: a whole number of things, or null for no limit. */
const Limit = z.number().int().min(0).nullable();

/**
 * The limits of a platform's plan (null: unlimited), named after Activepieces' usage metrics.
 * `projects` counts the platform's projects (creating a TEAM project over it is refused) and
 * `activeFlows` its ENABLED flows (enabling one over it is refused), both with 402 QUOTA_EXCEEDED
 * `{metric}`. The others are carried for the web app and for modules that adopt them.
 */
export const PlatformPlanLimits = z.object({
  projects: Limit,
  activeFlows: Limit,
  userSeats: Limit,
  tables: Limit,
  mcps: Limit,
  agents: Limit,
});
export type PlatformPlanLimits = z.infer<typeof PlatformPlanLimits>;

/** One limit of a plan, e.g. `activeFlows`. */
export type PlatformPlanLimit = keyof PlatformPlanLimits;

/**
 * The plan a platform is on: the free plan, or the plan of the license key activated on it until
 * the key expires (`licenseExpiresAt`, null on the free plan). Ask the server's
 * `platformPlan(ctx, platformId)` for it; never derive it elsewhere.
 */
export const PlatformPlan = z.object({
  /** `free`, or the plan name the license key carries (e.g. `enterprise`). */
  name: z.string().min(1),
  limits: PlatformPlanLimits,
  features: PlatformPlanFeatures,
  licenseExpiresAt: z.string().nullable(),
});
export type PlatformPlan = z.infer<typeof PlatformPlan>;

/**
 * The plan of a platform without an (unexpired) license key: every feature on and no limit, so
 * that a server without a license works exactly as it always has.
 */
export const FREE_PLAN: PlatformPlan = {
  name: 'free',
  limits: { projects: null, activeFlows: null, userSeats: null, tables: null, mcps: null, agents: null },
  features: {
    environmentsEnabled: true,
    analyticsEnabled: true,
    agentsEnabled: true,
    mcpsEnabled: true,
    tablesEnabled: true,
    auditLogEnabled: true,
    embeddingEnabled: true,
    managePiecesEnabled: true,
    manageTemplatesEnabled: true,
    customAppearanceEnabled: true,
    manageProjectsEnabled: true,
    projectRolesEnabled: true,
    customDomainsEnabled: true,
    globalConnectionsEnabled: true,
    customRolesEnabled: true,
    apiKeysEnabled: true,
    ssoEnabled: true,
  },
  licenseExpiresAt: null,
};
