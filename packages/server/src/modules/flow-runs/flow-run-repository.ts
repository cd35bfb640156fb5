/**
 * The run API's own queries over the run tables (the run machinery owns the writes of running;
 * these are the reads of the API). Each takes the Kysely instance to run on.
 */
import type { FlowRunStatus, Page, RunEnvironment } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import type { Database } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import { timestampOf } from '../../infrastructure/storage/timestamp';

/** The run `runId`, unscoped (public resume URLs). */
export async function findRun(db: Kysely<Database>, runId: string): Promise<FlowRunRow | undefined> {
  return db.selectFrom('flowRun').selectAll().where('id', '=', runId).executeTakeFirst();
}

/** Filters of {@link listRuns}: `createdAfter` / `createdBefore` are inclusive bounds on `created`. */
export interface RunFilters {
  projectId: string;
  environment: RunEnvironment;
  flowId?: string | undefined;
  status?: readonly FlowRunStatus[] | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
}

/** A page of a project's runs of one environment (PRODUCTION or TESTING), newest first. */
export async function listRuns(
  db: Kysely<Database>,
  filters: RunFilters,
  page: PageRequest,
): Promise<Page<FlowRunRow>> {
  let query = db
    .selectFrom('flowRun')
    .selectAll()
    .where('projectId', '=', filters.projectId)
    .where('environment', '=', filters.environment);
  if (filters.flowId !== undefined) query = query.where('flowId', '=', filters.flowId);
  if (filters.status !== undefined && filters.status.length > 0) {
    query = query.where('status', 'in', filters.status);
  }
  if (filters.createdAfter !== undefined) {
    query = query.where('created', '>=', timestampOf(Date.parse(filters.createdAfter)));
  }
  if (filters.createdBefore !== undefined) {
    query = query.where('created', '<=', timestampOf(Date.parse(filters.createdBefore), 999));
  }
  return fetchSeekPage(query, 'flowRun', page);
}

/** True when run `runId` waits on the WEBHOOK waitpoint `requestId`. */
export async function hasWebhookWaitpoint(
  db: Kysely<Database>,
  runId: string,
  requestId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('waitpoint')
    .select('id')
    .where('id', '=', requestId)
    .where('runId', '=', runId)
    .where('type', '=', 'WEBHOOK')
    .executeTakeFirst();
  return row !== undefined;
}

/** The version `versionId` with its flow's display facts, if it is a version of a flow of `projectId`. */
export async function findVersionInProject(db: Kysely<Database>, versionId: string, projectId: string) {
  return db
    .selectFrom('flowVersion')
    .innerJoin('flow', 'flow.id', 'flowVersion.flowId')
    .selectAll('flowVersion')
    .where('flowVersion.id', '=', versionId)
    .where('flow.projectId', '=', projectId)
    .executeTakeFirst();
}
