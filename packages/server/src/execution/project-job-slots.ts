/**
 * The per-project concurrency limit, checked in one place by every queue: a project runs at most
 * its `maxConcurrentJobs` (else AP_DEFAULT_CONCURRENT_JOBS_LIMIT) jobs at once, counted over the
 * RUNNING job rows of every worker. Call it inside the claim's transaction so that the count and
 * the claim agree (on PostgreSQL the claims are serialised by the store).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobTable } from '../infrastructure/storage/database';

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
  const limitOf = new Map(limits.map((row) => [row.id, row.maxConcurrentJobs]));
  const runningOf = new Map(running.map((row) => [row.projectId, Number(row.running)]));
  for (const projectId of projectIds) {
    slots.set(
      projectId,
      slotsOf(limitOf.get(projectId) ?? null, runningOf.get(projectId) ?? 0, defaultLimit),
    );
  }
  return slots;
}

/**
 * The rows of jobs `ids` and the {@link ProjectJobSlots} of their projects, read in `trx` in one
 * statement (a claim of delivered jobs makes one round trip to the database instead of three).
 * Ids without a row are left out.
 */
export async function jobRowsWithSlots(
  trx: Kysely<Database>,
  ids: readonly string[],
  defaultLimit: number,
): Promise<{ rows: Selectable<JobTable>[]; slots: Map<string, ProjectJobSlots> }> {
  if (ids.length === 0) return { rows: [], slots: new Map() };
  const found = await trx
    .selectFrom('job')
    .leftJoin('project', 'project.id', 'job.projectId')
    .selectAll('job')
    .select((eb) => [
      'project.maxConcurrentJobs as projectLimit',
      eb
        .selectFrom('job as held')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('held.projectId', '=', 'job.projectId')
        .where('held.status', '=', 'RUNNING')
        .as('projectRunning'),
    ])
    .where('job.id', 'in', ids)
    .execute();
  const slots = new Map<string, ProjectJobSlots>();
  const rows = found.map(({ projectLimit, projectRunning, ...row }) => {
    slots.set(row.projectId, slotsOf(projectLimit, Number(projectRunning ?? 0), defaultLimit));
    return row;
  });
  return { rows, slots };
}

/** A project's slots from its own limit (null: `defaultLimit`) and its RUNNING jobs. */
function slotsOf(limit: number | null, running: number, defaultLimit: number): ProjectJobSlots {
  return { running, free: (limit ?? defaultLimit) - running };
}
