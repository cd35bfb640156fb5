/** The SQL of the stuck-run limits: the platform's defaults and a flow's overrides. */
import type { FlowStuckRunLimits, StuckRunLimits } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';

/** The platform's default limits, or undefined when there is no such platform. */
export async function findPlatformLimits(
  db: Kysely<Database>,
  platformId: string,
): Promise<StuckRunLimits | undefined> {
  return db
    .selectFrom('platform')
    .select([
      'stuckQueuedMinutes as queuedMinutes',
      'stuckRunningMinutes as runningMinutes',
      'stuckPausedMinutes as pausedMinutes',
    ])
    .where('id', '=', platformId)
    .executeTakeFirst();
}

/** Writes the platform's default limits. */
export async function updatePlatformLimitsRow(
  trx: Kysely<Database>,
  platformId: string,
  limits: StuckRunLimits,
  now: string,
): Promise<void> {
  await trx
    .updateTable('platform')
    .set({
      stuckQueuedMinutes: limits.queuedMinutes,
      stuckRunningMinutes: limits.runningMinutes,
      stuckPausedMinutes: limits.pausedMinutes,
      updated: now,
    })
    .where('id', '=', platformId)
    .execute();
}

/** Flow `flowId`'s overrides when it is a flow of `projectId`, else undefined. */
export async function findFlowLimits(
  db: Kysely<Database>,
  projectId: string,
  flowId: string,
): Promise<FlowStuckRunLimits | undefined> {
  return db
    .selectFrom('flow')
    .select([
      'stuckQueuedMinutes as queuedMinutes',
      'stuckRunningMinutes as runningMinutes',
      'stuckPausedMinutes as pausedMinutes',
    ])
    .where('id', '=', flowId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** Writes flow `flowId`'s overrides (a flow of `projectId`); answers whether the flow exists there. */
export async function updateFlowLimitsRow(
  trx: Kysely<Database>,
  projectId: string,
  flowId: string,
  limits: FlowStuckRunLimits,
): Promise<boolean> {
  const result = await trx
    .updateTable('flow')
    .set({
      stuckQueuedMinutes: limits.queuedMinutes,
      stuckRunningMinutes: limits.runningMinutes,
      stuckPausedMinutes: limits.pausedMinutes,
    })
    .where('id', '=', flowId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The shortest limit of each waiting status anywhere on the server (every platform's default,
 * every flow's override), in minutes: no run younger than that can be stuck, so a sweep reads
 * only the runs older than it.
 */
export async function shortestLimits(db: Kysely<Database>): Promise<StuckRunLimits> {
  const platforms = await db
    .selectFrom('platform')
    .select((eb) => [
      eb.fn.min('stuckQueuedMinutes').as('queued'),
      eb.fn.min('stuckRunningMinutes').as('running'),
      eb.fn.min('stuckPausedMinutes').as('paused'),
    ])
    .executeTakeFirst();
  const flows = await db
    .selectFrom('flow')
    .select((eb) => [
      eb.fn.min('stuckQueuedMinutes').as('queued'),
      eb.fn.min('stuckRunningMinutes').as('running'),
      eb.fn.min('stuckPausedMinutes').as('paused'),
    ])
    .executeTakeFirst();
  const least = (a: unknown, b: unknown): number =>
    Math.min(...[a, b].filter((value) => value !== null && value !== undefined).map(Number), 1 << 30);
  return {
    queuedMinutes: least(platforms?.queued, flows?.queued),
    runningMinutes: least(platforms?.running, flows?.running),
    pausedMinutes: least(platforms?.paused, flows?.paused),
  };
}
