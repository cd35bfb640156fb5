/**
 * What the ingest soak checks and samples: every accepted webhook ran exactly once and succeeded
 * (from the stored runs), the queue lag of those runs, and the resident memory of the server
 * processes over time (VmRSS from /proc).
 */
import { readFileSync } from 'node:fs';
import { microsOf } from '../packages/server/src/infrastructure/storage/timestamp';
import type { StoredRun } from './soak-installations';

/** What the stored runs say of the accepted ids ({@link checkRuns}); a soak passes on its counts. */
export interface RunCheck {
  runs: number;
  /** Accepted ids with no run. */
  lost: number;
  /** Ids with more than one run. */
  ranTwice: number;
  /** Runs with more than one `step_1` record, or whose `step_1` output id another run also gave. */
  duplicateOutputs: number;
  /** Runs whose `step_1` output is not their trigger's id (none at all included). */
  wrongOutputs: number;
  /** Runs of ids never answered 2xx (the request failed client-side after the server took it). */
  unacknowledged: number;
  /** Runs by status. */
  statuses: Map<string, number>;
  /** Run created -> started, ms, of the runs that started. */
  lag: Percentiles;
  /** Run created -> finished, ms, of the runs that finished. */
  endToEnd: Percentiles;
  /** Runs finished per second, from the first run created to the last run finished. */
  finishedPerSecond: number;
  /** Runs that started after a run created more than 1 s later had started (not first in, first out). */
  startedOutOfOrder: number;
}

/** p50, p99 and the maximum of some durations, ms: how {@link RunCheck} reports the runs' waits. */
export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

function percentiles(values: number[]): Percentiles {
  values.sort((a, b) => a - b);
  const at = (share: number) => values[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: values.at(-1) ?? 0 };
}

/**
 * Checks the stored runs (one row per `step_1` record) of a soak against the ids answered 2xx;
 * use it once the installation has stopped, so that nothing changes under it.
 */
export function checkRuns(accepted: readonly number[], stored: readonly StoredRun[]): RunCheck {
  const recordsByRun = new Map<string, { run: StoredRun; outputs: unknown[] }>();
  for (const row of stored) {
    const entry = recordsByRun.get(row.id) ?? { run: row, outputs: [] };
    if (row.record !== null)
      entry.outputs.push((JSON.parse(row.record) as { output?: { id?: unknown } }).output?.id);
    recordsByRun.set(row.id, entry);
  }
  const runsPerId = new Map<number, number>();
  const runsPerOutput = new Map<unknown, string[]>();
  const duplicated = new Set<string>();
  const statuses = new Map<string, number>();
  const lags: number[] = [];
  const starts: { created: number; started: number }[] = [];
  const endToEnd: number[] = [];
  let firstCreated = Infinity;
  let lastFinished = -Infinity;
  let wrongOutputs = 0;
  for (const { run, outputs } of recordsByRun.values()) {
    const id =
      (JSON.parse(run.triggerPayload ?? 'null') as { body?: { id?: number } } | null)?.body?.id ?? -1;
    runsPerId.set(id, (runsPerId.get(id) ?? 0) + 1);
    statuses.set(run.status, (statuses.get(run.status) ?? 0) + 1);
    if (outputs.length > 1) duplicated.add(run.id);
    if (outputs.length !== 1 || outputs[0] !== id) wrongOutputs += 1;
    for (const output of new Set(outputs))
      runsPerOutput.set(output, [...(runsPerOutput.get(output) ?? []), run.id]);
    const created = microsOf(run.created) / 1000;
    firstCreated = Math.min(firstCreated, created);
    if (run.startTime !== null) {
      lags.push(microsOf(run.startTime) / 1000 - created);
      starts.push({ created, started: microsOf(run.startTime) / 1000 });
    }
    if (run.finishTime !== null) {
      endToEnd.push(microsOf(run.finishTime) / 1000 - created);
      lastFinished = Math.max(lastFinished, microsOf(run.finishTime) / 1000);
    }
  }
  for (const runs of runsPerOutput.values()) if (runs.length > 1) for (const id of runs) duplicated.add(id);
  const acceptedSet = new Set(accepted);
  return {
    runs: recordsByRun.size,
    lost: accepted.filter((id) => !runsPerId.has(id)).length,
    ranTwice: [...runsPerId.values()].filter((count) => count > 1).length,
    duplicateOutputs: duplicated.size,
    wrongOutputs,
    unacknowledged: [...runsPerId.keys()].filter((id) => !acceptedSet.has(id)).length,
    statuses,
    lag: percentiles(lags),
    endToEnd: percentiles(endToEnd),
    startedOutOfOrder: outOfOrder(starts),
    finishedPerSecond: endToEnd.length === 0 ? 0 : (endToEnd.length * 1000) / (lastFinished - firstCreated),
  };
}

/** How many of `starts` came after a start of a run created more than 1 s after theirs. */
function outOfOrder(starts: { created: number; started: number }[]): number {
  starts.sort((a, b) => a.started - b.started);
  let latestCreated = -Infinity;
  let count = 0;
  for (const { created } of starts) {
    if (created < latestCreated - 1000) count += 1;
    latestCreated = Math.max(latestCreated, created);
  }
  return count;
}

/** Resident memory of process `pid` now, in MB (VmRSS; 0 once it has gone). */
function rssMb(pid: number): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return line === null ? 0 : Number(line[1]) / 1024;
  } catch {
    return 0;
  }
}

/** RSS samples of some processes ({@link sampleRss}): `at` is s since it started, `mb` one per process. */
export interface RssSampler {
  samples: { at: number; mb: number[] }[];
  /** Takes a sample now (on top of the periodic ones). */
  sample(): void;
  stop(): void;
}

/** Samples the RSS of `pids` now and every `everyMs`; use it to see whether memory stays flat under load. */
export function sampleRss(pids: readonly number[], everyMs: number): RssSampler {
  const started = performance.now();
  const samples: RssSampler['samples'] = [];
  const sample = () => samples.push({ at: (performance.now() - started) / 1000, mb: pids.map(rssMb) });
  sample();
  const timer = setInterval(sample, everyMs);
  return { samples, sample, stop: () => clearInterval(timer) };
}

/** The sample taken nearest to `at` s: to read the RSS at a point of the load (minute 1, the middle). */
export function sampleNear(samples: RssSampler['samples'], at: number): RssSampler['samples'][number] {
  return samples.reduce((best, next) => (Math.abs(next.at - at) < Math.abs(best.at - at) ? next : best));
}
