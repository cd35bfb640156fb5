/**
 * The store side of a BullMQ claim: one write that claims the rows of the jobs BullMQ delivered
 * (within the per-project limits, counted in that write) and runs `onClaimed`; then each
 * delivery is settled by its fate (see {@link planBullClaim}).
 */
import { serialiseWrites } from '../infrastructure/storage/serialise-writes';
import type { Kysely } from 'kysely';
import type { DataStore } from '../infrastructure/storage/data-store';
import type { Database } from '../infrastructure/storage/database';
import { planBullClaim, type BullClaimPlan } from './bull-claim-plan';
import type { BullDelivery } from './bull-delivery';
import type { ClaimedJob } from './job-queue';
import { claimedJob, type JobRows } from './job-rows';
import { jobRowsWithSlots } from './project-job-slots';
import type { OnRunsClaimed } from './run-queue';

/** What {@link claimDeliveredJobs} works with: the queue's parts. */
export interface ClaimDeliveredDeps {
  store: DataStore;
  rows: JobRows;
  delivery: BullDelivery;
  defaultConcurrentJobsLimit: number;
  /** When a job set aside (its project at its limit, or a failed write) is tried again. */
  busyRetryAtMs: () => number;
}

/**
 * Claims for `workerId` the rows of the `delivered` job ids (held by `deps.delivery`) and
 * answers what `onClaimed` made of them (the claimed jobs without it). After the write commits,
 * jobs set aside go back to BullMQ delayed, jobs without a row (or whose row `onClaimed`
 * removed) are completed. If the write fails, every delivered job goes back delayed.
 */
export async function claimDeliveredJobs<T>(
  deps: ClaimDeliveredDeps,
  workerId: string,
  delivered: string[],
  onClaimed: OnRunsClaimed<T> | undefined,
): Promise<(T | ClaimedJob)[]> {
  let result: { plan: BullClaimPlan; handed: (T | ClaimedJob)[]; dropped: string[] };
  try {
    result = await deps.store.write(async (trx) => {
      // Claims of every process one at a time, as the table queue's: counts and claims agree.
      await serialiseWrites(trx, 'job-claim');
      const plan = await planClaim(deps, trx, delivered);
      const ids = plan.take.map((row) => row.id);
      await deps.rows.claim(trx, ids, workerId);
      const jobs = plan.take.map(claimedJob);
      const handed = onClaimed ? await onClaimed(trx, jobs) : jobs;
      // Rows `onClaimed` removed (their run ended meanwhile) are dropped like jobs without a row.
      const dropped = handed.length === jobs.length ? [] : await removedOf(trx, ids);
      return { plan, handed, dropped };
    });
  } catch (error) {
    const retryAt = deps.busyRetryAtMs();
    await Promise.all(delivered.map((id) => deps.delivery.delay(id, retryAt)));
    throw error;
  }
  const { plan, handed, dropped } = result;
  await Promise.all([
    ...plan.later.map(({ id, atMs, busyProject }) =>
      busyProject === undefined ? deps.delivery.delay(id, atMs) : deps.delivery.park(id, busyProject, atMs),
    ),
    ...[...plan.gone, ...dropped].map((id) => deps.delivery.complete(id)),
  ]);
  return handed;
}

async function planClaim(
  deps: ClaimDeliveredDeps,
  trx: Kysely<Database>,
  delivered: string[],
): Promise<BullClaimPlan> {
  const { rows, slots } = await jobRowsWithSlots(trx, delivered, deps.defaultConcurrentJobsLimit);
  return planBullClaim({
    delivered,
    rows: new Map(rows.map((row) => [row.id, row])),
    slots,
    now: deps.rows.isoNow(),
    nowMs: deps.rows.nowMs(),
    busyRetryAtMs: deps.busyRetryAtMs,
  });
}

async function removedOf(trx: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const kept = await trx.selectFrom('job').select('id').where('id', 'in', ids).execute();
  const keptIds = new Set(kept.map((row) => row.id));
  return ids.filter((id) => !keptIds.has(id));
}
