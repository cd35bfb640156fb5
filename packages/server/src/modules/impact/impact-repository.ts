/**
 * The SQL of the Impact figures' reads: sums of the daily counts over a range of days, for one
 * project or one platform (every query filters on the scope's column, so no other tenant's
 * counts are read), and the facts of the flows they name.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';

/** Whose figures: one project's or one platform's. */
export interface ImpactScope {
  column: 'projectId' | 'platformId';
  id: string;
}

/** A range of UTC days, both included, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

/** Runs ended per day and status over `range`. */
export async function sumRunsByDayAndStatus(
  db: Kysely<Database>,
  scope: ImpactScope,
  range: DayRange,
): Promise<{ day: string; status: string; runs: number }[]> {
  const rows = await db
    .selectFrom('impactRunDay')
    .select(['day', 'status', (eb) => eb.fn.sum<number | string>('runs').as('runs')])
    .where(scope.column, '=', scope.id)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['day', 'status'])
    .execute();
  return rows.map((row) => ({ day: row.day, status: row.status, runs: Number(row.runs) }));
}

/** Runs ended per flow, status and duration bucket over `range`. */
export async function sumRunsByFlowStatusAndBucket(
  db: Kysely<Database>,
  scope: ImpactScope,
  range: DayRange,
): Promise<{ flowId: string; status: string; bucket: number; runs: number }[]> {
  const rows = await db
    .selectFrom('impactRunDay')
    .select(['flowId', 'status', 'bucket', (eb) => eb.fn.sum<number | string>('runs').as('runs')])
    .where(scope.column, '=', scope.id)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['flowId', 'status', 'bucket'])
    .execute();
  return rows.map((row) => ({ ...row, bucket: Number(row.bucket), runs: Number(row.runs) }));
}

/** The `limit` steps that stopped most runs over `range`, most first. */
export async function topStepFailures(
  db: Kysely<Database>,
  scope: ImpactScope,
  range: DayRange,
  limit: number,
): Promise<{ flowId: string; stepName: string; stepDisplayName: string; failures: number }[]> {
  const rows = await db
    .selectFrom('impactStepFailureDay')
    .select([
      'flowId',
      'stepName',
      (eb) => eb.fn.max('stepDisplayName').as('stepDisplayName'),
      (eb) => eb.fn.sum<number | string>('failures').as('failures'),
    ])
    .where(scope.column, '=', scope.id)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['flowId', 'stepName'])
    .having((eb) => eb.fn.sum('failures'), '>', 0)
    .orderBy('failures', 'desc')
    .orderBy('flowId')
    .orderBy('stepName')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, failures: Number(row.failures) }));
}

/**
 * The minutes saved per run and the display names of flows `flowIds`: each flow's versions, its
 * published one marked, oldest first.
 */
export async function listFlowFacts(
  db: Kysely<Database>,
  flowIds: readonly string[],
): Promise<{ flowId: string; timeSavedPerRun: number | null; displayName: string; published: boolean }[]> {
  if (flowIds.length === 0) return [];
  const rows = await db
    .selectFrom('flow')
    .innerJoin('flowVersion', 'flowVersion.flowId', 'flow.id')
    .select([
      'flow.id as flowId',
      'flow.timeSavedPerRun',
      'flow.publishedVersionId',
      'flowVersion.id as versionId',
      'flowVersion.displayName',
    ])
    .where('flow.id', 'in', [...flowIds])
    .orderBy('flowVersion.created')
    .orderBy('flowVersion.id')
    .execute();
  return rows.map((row) => ({
    flowId: row.flowId,
    timeSavedPerRun: row.timeSavedPerRun === null ? null : Number(row.timeSavedPerRun),
    displayName: row.displayName,
    published: row.publishedVersionId === row.versionId,
  }));
}
