/**
 * A project's storage figures (`GET /v1/flow-runs/storage-usage`): the run data each of its flows
 * keeps, summed from the run rows, step records and run files (`storage-usage-repository.ts`).
 * The sums read every kept run of the project (about 8 s for 200,000 runs of 2 kB each on a loaded
 * 2-core machine), so they are read a page of runs at a time with a turn of the event loop between
 * two (other requests are answered meanwhile), and each process keeps a project's figures for
 * {@link STORAGE_USAGE_TTL_MS} and answers repeated views from them; retention bounds how much
 * there is to read.
 */
import { BoundedCache, type ProjectStorageUsage } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { runBytesPage, sumRunFiles, sumStepRecordsOf, type RunBytes } from './storage-usage-repository';

/** Runs read per page of the sums. */
const RUNS_PER_PAGE = 500;

/** What the storage figures use of the server context. */
export type StorageUsageDependencies = Pick<ServerContext, 'store' | 'now' | 'settings'>;

/** How long a project's figures are answered from memory before they are summed again, in ms. */
export const STORAGE_USAGE_TTL_MS = 60_000;

/** Sums and keeps projects' storage figures. */
export class StorageUsageService {
  private readonly kept = new BoundedCache<string, { at: number; usage: ProjectStorageUsage }>(1000);

  constructor(private readonly ctx: StorageUsageDependencies) {}

  /** The figures of `projectId`, summed at most {@link STORAGE_USAGE_TTL_MS} ago. */
  async forProject(projectId: string): Promise<ProjectStorageUsage> {
    const now = Date.parse(this.ctx.now());
    const kept = this.kept.get(projectId);
    if (kept !== undefined && now - kept.at < STORAGE_USAGE_TTL_MS) return kept.usage;
    const usage = await measureProjectStorage(this.ctx, projectId);
    this.kept.set(projectId, { at: now, usage });
    return usage;
  }
}

/** Sums the run data of `projectId` now, per flow, largest first. */
export async function measureProjectStorage(
  ctx: StorageUsageDependencies,
  projectId: string,
): Promise<ProjectStorageUsage> {
  const { db } = ctx.store;
  const flows = new Map<string, { flowId: string; flowDisplayName: string; runs: number; bytes: number }>();
  const flowOf = (flowId: string, flowDisplayName = flowId) => {
    let flow = flows.get(flowId);
    if (flow === undefined) {
      flow = { flowId, flowDisplayName, runs: 0, bytes: 0 };
      flows.set(flowId, flow);
    }
    return flow;
  };
  let page: RunBytes[] = [];
  do {
    const last = page.at(-1);
    page = await runBytesPage(db, projectId, last, RUNS_PER_PAGE);
    const flowOfRun = new Map(page.map((run) => [run.id, run.flowId]));
    for (const run of page) {
      const flow = flowOf(run.flowId, run.flowDisplayName);
      flow.runs += 1;
      flow.bytes += run.bytes;
      // The newest run's name wins: pages come oldest first.
      flow.flowDisplayName = run.flowDisplayName;
    }
    for (const { runId, bytes } of await sumStepRecordsOf(db, [...flowOfRun.keys()])) {
      flowOf(flowOfRun.get(runId)!).bytes += bytes;
    }
    if (page.length === RUNS_PER_PAGE) await nextTurn();
  } while (page.length === RUNS_PER_PAGE);
  for (const { flowId, bytes } of await sumRunFiles(db, projectId)) flowOf(flowId).bytes += bytes;
  const list = [...flows.values()].sort((a, b) => b.bytes - a.bytes || a.flowId.localeCompare(b.flowId));
  return {
    projectId,
    retentionDays: ctx.settings.config.executionDataRetentionDays,
    runs: list.reduce((sum, flow) => sum + flow.runs, 0),
    bytes: list.reduce((sum, flow) => sum + flow.bytes, 0),
    flows: list,
    measuredAt: ctx.now(),
  };
}
