/**
 * The runs list's filters as they live in the URL's query string, so a filtered view can be
 * bookmarked and shared: `flowId`, `status` (repeated), `environment` (TESTING; PRODUCTION is the
 * default and left out), `createdAfter` / `createdBefore` (calendar days, `YYYY-MM-DD`, both
 * included) and the page `cursor`. Values that do not parse are ignored rather than sent.
 */
import { FlowRunStatus, type ListFlowRunsQuery, type RunEnvironment } from '@piecework/shared';

/** The filters of the runs list. */
export interface RunFilters {
  readonly flowId?: string;
  readonly statuses: readonly FlowRunStatus[];
  readonly environment: RunEnvironment;
  /** First day included, `YYYY-MM-DD`. */
  readonly createdAfter?: string;
  /** Last day included, `YYYY-MM-DD`. */
  readonly createdBefore?: string;
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
  if (filters.cursor !== undefined) params.set('cursor', filters.cursor);
  return params;
}

/**
 * The API query of `filters` in project `projectId`. Days are the reader's: `createdAfter` is the
 * start of its day, `createdBefore` the start of the day after, in the browser's time zone.
 */
export function runsQueryOf(projectId: string, filters: RunFilters): ListFlowRunsQuery {
  return {
    projectId,
    limit: RUNS_PAGE_SIZE,
    environment: filters.environment,
    ...(filters.flowId === undefined ? {} : { flowId: filters.flowId }),
    ...(filters.statuses.length === 0 ? {} : { status: [...filters.statuses] }),
    ...(filters.createdAfter === undefined ? {} : { createdAfter: startOfDay(filters.createdAfter, 0) }),
    ...(filters.createdBefore === undefined ? {} : { createdBefore: startOfDay(filters.createdBefore, 1) }),
    ...(filters.cursor === undefined ? {} : { cursor: filters.cursor }),
  };
}

/** Whether any filter narrows the list (the environment aside). */
export function hasRunFilters(filters: RunFilters): boolean {
  return (
    filters.flowId !== undefined ||
    filters.statuses.length > 0 ||
    filters.createdAfter !== undefined ||
    filters.createdBefore !== undefined
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
