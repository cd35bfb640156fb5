/**
 * The Impact reports: what a project's, or a platform's, production runs did over a range of
 * days, read from the daily counts that `record-run-impact.ts` keeps as runs end (never from the
 * runs themselves, so a report costs the same for a thousand runs a day as for a million).
 */
import type {
  FlowRunStatus,
  ImpactFailingStep,
  ImpactFlow,
  ImpactQuery,
  ImpactReport,
} from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { percentileOfBuckets, type BucketCount } from './duration-buckets';
import { daysOfRange } from './impact-range';
import {
  listFlowFacts,
  sumRunsByDayAndStatus,
  sumRunsByFlowStatusAndBucket,
  topStepFailures,
  type ImpactScope,
} from './impact-repository';

/** What the Impact routes and service use of the server context. */
export type ImpactDependencies = Pick<ServerContext, 'store'>;

/** How many failing steps a report lists. */
const FAILING_STEPS_LISTED = 10;

/** The name shown for a flow whose versions cannot be read. */
const UNKNOWN_FLOW_NAME = 'Unknown flow';

/** The Impact report of project `projectId` over `query`'s days. */
export function projectImpact(
  deps: ImpactDependencies,
  projectId: string,
  query: ImpactQuery,
): Promise<ImpactReport> {
  return impactReport(deps, { column: 'projectId', id: projectId }, query);
}

/** The Impact report of every project of platform `platformId` over `query`'s days. */
export function platformImpact(
  deps: ImpactDependencies,
  platformId: string,
  query: ImpactQuery,
): Promise<ImpactReport> {
  return impactReport(deps, { column: 'platformId', id: platformId }, query);
}

async function impactReport(
  deps: ImpactDependencies,
  scope: ImpactScope,
  query: ImpactQuery,
): Promise<ImpactReport> {
  const { range, days } = daysOfRange(query);
  const db = deps.store.db;
  const [dayRows, flowRows, stepRows] = await Promise.all([
    sumRunsByDayAndStatus(db, scope, range),
    sumRunsByFlowStatusAndBucket(db, scope, range),
    topStepFailures(db, scope, range, FAILING_STEPS_LISTED),
  ]);
  const flowIds = [...new Set([...flowRows.map((row) => row.flowId), ...stepRows.map((row) => row.flowId)])];
  const facts = flowFactsById(await listFlowFacts(db, flowIds));

  const byDay = new Map(
    days.map((day) => [day, { day, byStatus: {} as Partial<Record<FlowRunStatus, number>>, total: 0 }]),
  );
  for (const row of dayRows) {
    const entry = byDay.get(row.day);
    if (entry === undefined || row.runs === 0) continue;
    entry.byStatus[row.status as FlowRunStatus] =
      (entry.byStatus[row.status as FlowRunStatus] ?? 0) + row.runs;
    entry.total += row.runs;
  }

  const flows = flowFigures(flowRows, facts);
  const runs = flows.reduce((sum, flow) => sum + flow.runs, 0);
  const succeeded = flows.reduce((sum, flow) => sum + flow.succeeded, 0);
  const failingSteps: ImpactFailingStep[] = stepRows.map((row) => ({
    ...row,
    flowDisplayName: facts.get(row.flowId)?.displayName ?? UNKNOWN_FLOW_NAME,
  }));
  return {
    from: range.from,
    to: range.to,
    days: [...byDay.values()],
    flows,
    totals: {
      runs,
      succeeded,
      successRate: runs === 0 ? null : succeeded / runs,
      minutesSaved: flows.reduce((sum, flow) => sum + flow.minutesSaved, 0),
    },
    failingSteps,
  };
}

interface FlowFacts {
  displayName: string;
  timeSavedPerRun: number | null;
}

/** Each flow's minutes saved per run and display name (its published version's, else its latest's). */
function flowFactsById(rows: Awaited<ReturnType<typeof listFlowFacts>>): Map<string, FlowFacts> {
  const facts = new Map<string, FlowFacts & { published: boolean }>();
  for (const row of rows) {
    const known = facts.get(row.flowId);
    if (known?.published && !row.published) continue;
    facts.set(row.flowId, {
      displayName: row.displayName,
      timeSavedPerRun: row.timeSavedPerRun,
      published: row.published,
    });
  }
  return facts;
}

/** Per-flow counts, success rate, duration percentiles and time saved, most runs first. */
function flowFigures(
  rows: Awaited<ReturnType<typeof sumRunsByFlowStatusAndBucket>>,
  facts: Map<string, FlowFacts>,
): ImpactFlow[] {
  const perFlow = new Map<string, { runs: number; succeeded: number; buckets: Map<number, number> }>();
  for (const row of rows) {
    if (row.runs === 0) continue;
    let flow = perFlow.get(row.flowId);
    if (flow === undefined) perFlow.set(row.flowId, (flow = { runs: 0, succeeded: 0, buckets: new Map() }));
    flow.runs += row.runs;
    if (row.status === 'SUCCEEDED') flow.succeeded += row.runs;
    flow.buckets.set(row.bucket, (flow.buckets.get(row.bucket) ?? 0) + row.runs);
  }
  return [...perFlow]
    .map(([flowId, flow]) => {
      const counts: BucketCount[] = [...flow.buckets].map(([bucket, runs]) => ({ bucket, runs }));
      const fact = facts.get(flowId);
      const timeSavedPerRun = fact?.timeSavedPerRun ?? null;
      return {
        flowId,
        displayName: fact?.displayName ?? UNKNOWN_FLOW_NAME,
        runs: flow.runs,
        succeeded: flow.succeeded,
        successRate: flow.succeeded / flow.runs,
        p50DurationMs: percentileOfBuckets(counts, 0.5),
        p95DurationMs: percentileOfBuckets(counts, 0.95),
        timeSavedPerRun,
        minutesSaved: (timeSavedPerRun ?? 0) * flow.succeeded,
      };
    })
    .sort(
      (a, b) =>
        b.runs - a.runs || a.displayName.localeCompare(b.displayName) || a.flowId.localeCompare(b.flowId),
    );
}
