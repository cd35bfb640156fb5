/**
 * The runs list's filters as they live in the URL's query string, so a filtered view can be
 * bookmarked and shared: `flowId`, `status` (repeated), `environment` (TESTING; PRODUCTION is the
 * default and left out), `createdAfter` / `createdBefore` (calendar days, `YYYY-MM-DD`, both
 * included), `search` (words searched in the runs' payloads, outputs and errors), `tag`
 * (repeated), `failedStep` (the name of the step a run failed at), `archived=1` (show archived
 * runs too) and the page `cursor`. Values that do not parse are ignored rather than sent.
 */
import {
  FlowRunStatus,
  type FlowRunFilter,
  type ListFlowRunsQuery,
  type RunEnvironment,
} from '@piecework/shared';

/** The filters of the runs list. */
export interface RunFilters {
  readonly flowId?: string;
  readonly statuses: readonly FlowRunStatus[];
  readonly environment: RunEnvironment;
  /** First day included, `YYYY-MM-DD`. */
  readonly createdAfter?: string;
  /** Last day included, `YYYY-MM-DD`. */
  readonly createdBefore?: string;
  /** Words every listed run carries somewhere (payload, step outputs, errors). */
  readonly search?: string;
  /** Runs carrying any of these tags. */
  readonly tags?: readonly string[];
  /** The name of the step the runs failed at. */
  readonly failedStepName?: string;
  /** Also list archived runs. */
  readonly includeArchived?: boolean;
  readonly cursor?: string;
}

/** How many runs a page of the list shows. */
export const RUNS_PAGE_SIZE = 20;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters written in `params`. */
export function readRunFilters(params: URLSearchParams): RunFilters {
  const statuses = params
    .getAll('status')
    .filter((value): value is FlowRunStatus => FlowRunStatus.safeParse(value).success);
  const environment = params.get('environment') === 'TESTING' ? 'TESTING' : 'PRODUCTION';
  return {
    ...optional('flowId', params.get('flowId')),
    statuses: [...new Set(statuses)],
    environment,
    ...optional('createdAfter', day(params.get('createdAfter'))),
    ...optional('createdBefore', day(params.get('createdBefore'))),
    ...optional('search', params.get('search')),
    ...optional('failedStepName', params.get('failedStep')),
    ...(params.getAll('tag').length > 0 ? { tags: [...new Set(params.getAll('tag'))] } : {}),
    ...(params.get('archived') === '1' ? { includeArchived: true } : {}),
    ...optional('cursor', params.get('cursor')),
  };
}

/** The query string of `filters` (the inverse of {@link readRunFilters}). */
export function writeRunFilters(filters: RunFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.flowId !== undefined) params.set('flowId', filters.flowId);
  for (const status of filters.statuses) params.append('status', status);
  if (filters.environment === 'TESTING') params.set('environment', 'TESTING');
  if (filters.createdAfter !== undefined) params.set('createdAfter', filters.createdAfter);
  if (filters.createdBefore !== undefined) params.set('createdBefore', filters.createdBefore);
  if (filters.search !== undefined) params.set('search', filters.search);
  for (const tag of filters.tags ?? []) params.append('tag', tag);
  if (filters.failedStepName !== undefined) params.set('failedStep', filters.failedStepName);
  if (filters.includeArchived === true) params.set('archived', '1');
  if (filters.cursor !== undefined) params.set('cursor', filters.cursor);
  return params;
}

/**
 * The API query of `filters` in project `projectId`. Days are the reader's: `createdAfter` is the
 * start of its day, `createdBefore` the start of the day after, in the browser's time zone.
 */
export function runsQueryOf(projectId: string, filters: RunFilters): ListFlowRunsQuery {
  return {
    ...runSelectionOf(projectId, filters),
    limit: RUNS_PAGE_SIZE,
    environment: filters.environment,
    ...(filters.cursor === undefined ? {} : { cursor: filters.cursor }),
  };
}

/**
 * The selection of a bulk action over every run `filters` lists in project `projectId` (the
 * environment and page aside: bulk actions act on PRODUCTION runs).
 */
export function runSelectionOf(projectId: string, filters: RunFilters): FlowRunFilter {
  return {
    projectId,
    includeArchived: filters.includeArchived === true,
    ...(filters.flowId === undefined ? {} : { flowId: [filters.flowId] }),
    ...(filters.statuses.length === 0 ? {} : { status: [...filters.statuses] }),
    ...(filters.createdAfter === undefined ? {} : { createdAfter: startOfDay(filters.createdAfter, 0) }),
    ...(filters.createdBefore === undefined ? {} : { createdBefore: startOfDay(filters.createdBefore, 1) }),
    ...(filters.search === undefined ? {} : { search: filters.search }),
    ...(filters.tags === undefined ? {} : { tags: [...filters.tags] }),
    ...(filters.failedStepName === undefined ? {} : { failedStepName: filters.failedStepName }),
  };
}

/** Whether any filter narrows the list (the environment aside). */
export function hasRunFilters(filters: RunFilters): boolean {
  return (
    filters.flowId !== undefined ||
    filters.statuses.length > 0 ||
    filters.createdAfter !== undefined ||
    filters.createdBefore !== undefined ||
    filters.search !== undefined ||
    (filters.tags?.length ?? 0) > 0 ||
    filters.failedStepName !== undefined ||
    filters.includeArchived === true
  );
}

/** The ISO instant of local midnight `plusDays` after day `yyyyMmDd`. */
function startOfDay(yyyyMmDd: string, plusDays: number): string {
  const [year, month, date] = yyyyMmDd.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

function day(value: string | null): string | undefined {
  return value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

function optional<K extends string>(key: K, value: string | null | undefined): { [P in K]?: string } {
  return value === null || value === undefined || value === ''
    ? {}
    : ({ [key]: value } as { [P in K]: string });
}
