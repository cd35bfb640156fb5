import { z } from 'zod';

/**
 * The four flags removed from `GET /v1/flags` (release 0.87.0). They must never appear in the
 * answer; {@link FeatureFlags} rejects a map that holds any of them.
 */
export const REMOVED_FEATURE_FLAGS = [
  'SHOW_BILLING_PAGE',
  'CAN_BUY_ACTIVE_FLOWS',
  'CAN_BUY_AI_CREDITS',
  'SHOW_BILLING_LIMITS_ON_SIDEBAR',
] as const;
/** One of the {@link REMOVED_FEATURE_FLAGS}. */
export type RemovedFeatureFlag = (typeof REMOVED_FEATURE_FLAGS)[number];

/**
 * The answer of `GET /v1/flags` (public): flag name to value. The flag set is not fixed by the
 * spec, so any name is allowed except the removed ones.
 */
export const FeatureFlags = z.record(z.string(), z.unknown()).superRefine((flags, ctx) => {
  for (const name of REMOVED_FEATURE_FLAGS) {
    if (Object.hasOwn(flags, name)) {
      ctx.addIssue({ code: 'custom', message: `the flag ${name} was removed`, path: [name] });
    }
  }
});
export type FeatureFlags = z.infer<typeof FeatureFlags>;
