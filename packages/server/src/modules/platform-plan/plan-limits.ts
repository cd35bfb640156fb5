/**
 * The plan limits the server enforces, each at the one place the counted thing is made: a TEAM
 * project created over `projects` (`insertTeamProject`) and a flow enabled over `activeFlows`
 * (`applyFlowChangeIn`) are refused with 402 QUOTA_EXCEEDED `{metric, limit}`. Both run inside
 * the write transaction that would make the thing, so a refusal writes nothing.
 */
import { PieceworkError, type PlatformPlanLimit } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { platformPlanIn, type PlanContext } from './platform-plan';
import { countEnabledPlatformFlows, countPlatformProjects } from './platform-plan-repository';

/** Refuses when `count` things already reach the plan's `metric` limit (null: no limit). */
async function assertBelowLimit(
  trx: Kysely<Database>,
  ctx: PlanContext,
  platformId: string,
  metric: PlatformPlanLimit,
  count: () => Promise<number>,
): Promise<void> {
  const plan = await platformPlanIn(trx, ctx, platformId);
  const limit = plan.limits[metric];
  if (limit === null) return;
  const used = await count();
  if (used >= limit) {
    throw new PieceworkError('QUOTA_EXCEEDED', {
      message: `The platform's plan (${plan.name}) allows ${String(limit)} ${metric}; ${String(used)} are in use`,
      metric,
      limit,
    });
  }
}

/** Before a project of `platformId` is created: refuses when its projects reach the plan's `projects`. */
export function assertProjectsBelowLimit(
  trx: Kysely<Database>,
  ctx: PlanContext,
  platformId: string,
): Promise<void> {
  return assertBelowLimit(trx, ctx, platformId, 'projects', () => countPlatformProjects(trx, platformId));
}

/** Before a flow of `platformId` becomes ENABLED: refuses when its enabled flows reach `activeFlows`. */
export function assertActiveFlowsBelowLimit(
  trx: Kysely<Database>,
  ctx: PlanContext,
  platformId: string,
): Promise<void> {
  return assertBelowLimit(trx, ctx, platformId, 'activeFlows', () =>
    countEnabledPlatformFlows(trx, platformId),
  );
}
