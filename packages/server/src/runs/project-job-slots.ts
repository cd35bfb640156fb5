/**
 * The per-project concurrency limit, checked in one place by every queue: a project runs at most
 * its `maxConcurrentJobs` (else AP_DEFAULT_CONCURRENT_JOBS_LIMIT) jobs at once, counted over the
 * RUNNING job rows of every worker. Call it inside the claim's transaction so that the count and
 * the claim agree (on PostgreSQL the claims are serialised by the store).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database';

/** A project's jobs: how many run now, and how many more may (0 or less: none). */
export interface ProjectJobSlots {
  running: number;
  free: number;
}

/**
 * The {@link ProjectJobSlots} of each of `projectIds`, read in `trx`. A project without a row
 * takes `defaultLimit`.
 */
export async function projectJobSlots(
  trx: Kysely<Database>,
  projectIds: readonly string[],
  defaultLimit: number,
): Promise<Map<string, ProjectJobSlots>> {
  const slots = new Map<string, ProjectJobSlots>();
  if (projectIds.length === 0) return slots;
  const limits = await trx
    .selectFrom('project')
    .select(['id', 'maxConcurrentJobs'])
    .where('id', 'in', projectIds)
    .execute();
  const running = await trx
    .selectFrom('job')
    .select((eb) => ['projectId', eb.fn.countAll<number>().as('running')])
    .where('projectId', 'in', projectIds)
    .where('status', '=', 'RUNNING')
    .groupBy('projectId')
    .execute();
  const limitOf = new Map(limits.map((row) => [row.id, row.maxConcurrentJobs ?? defaultLimit]));
  const runningOf = new Map(running.map((row) => [row.projectId, Number(row.running)]));
  for (const projectId of projectIds) {
    const running = runningOf.get(projectId) ?? 0;
    slots.set(projectId, { running, free: (limitOf.get(projectId) ?? defaultLimit) - running });
  }
  return slots;
}
