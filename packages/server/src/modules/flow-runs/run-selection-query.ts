/**
 * The one place a run filter becomes SQL: the run list and the bulk actions both narrow their
 * `flowRun` query with {@link whereRunsMatch}.
 */
import type { FlowRunStatus, RunEnvironment } from '@piecework/shared';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { jsonArrayOverlaps } from '../../infrastructure/storage/json-array-overlaps';
import { jsonText } from '../../infrastructure/storage/json-text';
import { runMatchesTerms, searchPlanOf, searchTerms } from '../../infrastructure/storage/run-search-sql';
import { timestampOf } from '../../infrastructure/storage/timestamp';

/**
 * Which runs of a project a list or a bulk action covers. Every field given narrows it; lists
 * match any of their values. `environment` undefined means both environments; `includeArchived`
 * false leaves archived runs out; `search` keeps runs whose search document holds all its words
 * (a text with no word is no condition); `excludeFlowRunIds` leaves those runs out.
 */
export interface RunSelection {
  projectId: string;
  environment?: RunEnvironment | undefined;
  flowId?: readonly string[] | undefined;
  status?: readonly FlowRunStatus[] | undefined;
  tags?: readonly string[] | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  failedStepName?: string | undefined;
  flowRunIds?: readonly string[] | undefined;
  excludeFlowRunIds?: readonly string[] | undefined;
  includeArchived?: boolean | undefined;
  search?: string | undefined;
}

/**
 * `query` over `flowRun` narrowed to the runs of `selection`; `db` is what it runs on (its
 * dialect, and how common the searched words are).
 */
export async function whereRunsMatch<O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<Database, 'flowRun', O>,
  selection: RunSelection,
): Promise<SelectQueryBuilder<Database, 'flowRun', O>> {
  let narrowed = query.where('flowRun.projectId', '=', selection.projectId);
  if (selection.environment !== undefined)
    narrowed = narrowed.where('flowRun.environment', '=', selection.environment);
  if (selection.flowId !== undefined)
    narrowed = narrowed.where('flowRun.flowId', 'in', anyOf(selection.flowId));
  if (selection.status !== undefined && selection.status.length > 0) {
    narrowed = narrowed.where('flowRun.status', 'in', selection.status);
  }
  if (selection.flowRunIds !== undefined)
    narrowed = narrowed.where('flowRun.id', 'in', anyOf(selection.flowRunIds));
  if (selection.excludeFlowRunIds !== undefined && selection.excludeFlowRunIds.length > 0) {
    narrowed = narrowed.where('flowRun.id', 'not in', selection.excludeFlowRunIds);
  }
  if (selection.createdAfter !== undefined) {
    narrowed = narrowed.where('flowRun.created', '>=', timestampOf(Date.parse(selection.createdAfter)));
  }
  if (selection.createdBefore !== undefined) {
    narrowed = narrowed.where('flowRun.created', '<=', timestampOf(Date.parse(selection.createdBefore), 999));
  }
  if (selection.includeArchived !== true) narrowed = narrowed.where('flowRun.archivedAt', 'is', null);
  if (selection.tags !== undefined && selection.tags.length > 0) {
    narrowed = narrowed.where(jsonArrayOverlaps(db, 'flowRun.tags', selection.tags));
  }
  if (selection.failedStepName !== undefined) {
    narrowed = narrowed.where(jsonText(db, 'flowRun.failedStep', ['name']), '=', selection.failedStepName);
  }
  const terms = selection.search === undefined ? [] : searchTerms(selection.search);
  if (terms.length > 0) narrowed = narrowed.where(runMatchesTerms(db, terms, await searchPlanOf(db, terms)));
  return narrowed;
}

/** An `in` list that matches nothing when `values` is empty (SQL has no empty `in ()`). */
function anyOf(values: readonly string[]): readonly string[] {
  return values.length > 0 ? values : [''];
}
