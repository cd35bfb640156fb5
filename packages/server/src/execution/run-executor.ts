/**
 * Runs one claimed job: reads the run's flow version and saved records, asks the engine (in a
 * worker thread) for the request the job stands for, persists each step record as it finishes,
 * and writes the end in one transaction (with, for a single-step test, the tested step's sample
 * data). A run the engine could not even be asked about (its
 * version is gone, the request is refused), or taken up too many times, ends INTERNAL_ERROR with
 * the records saved so far.
 */
import type {
  CodeBundler,
  EngineEvents,
  EngineRequest,
  FlowResponse,
  PieceRunner,
  RunResult,
} from '@piecework/engine';
import type { WorkerRunner } from '@piecework/engine/worker';
import { formatStepPath, storedRecord } from '@piecework/shared';
import { EventEmitter } from 'eventemitter3';
import type { ServerBase } from '../server-context';
import type { FlowRunStepTable } from '../infrastructure/storage/database';
import { alertOnRunFailure } from '../modules/alerts/run-failure-alerts';
import type { RunEndWrite } from './run-end-write';
import { RunEndBatch } from './run-end-batch';
import { finishRuns } from './lifecycle/end-run';
import { buildEngineRequest } from './build-engine-request';
import { giveBackRun } from './lifecycle/requeue-runs';
import type { StartedJob } from './lifecycle/start-runs';
import type { RunQueue } from './run-queue';
import { createRunHost } from './run-host';
import { logRunExecuted } from './run-end-log';
import type { RunFlowVersions } from './run-flow-versions';
import type { FlowRunRow } from '../infrastructure/storage/rows/execution-rows';
import { loadStepRows, runSteps, triggerRecord, type SavedStep } from './run-steps';
import { StepWriter } from './step-writer';
import { timestampOf } from '../infrastructure/storage/timestamp';
import { fromJson, toJson } from '../infrastructure/storage/json-column';

/** Where an execution's outcome goes once committed. */
export interface ExecutionListener {
  /**
   * The flow answered its synchronous caller: as soon as it does (respond and continue), else as
   * soon as the run returns with a response (stopped with one, or succeeded after one), before
   * its end is written.
   */
  responded(runId: string, response: FlowResponse): void;
  /**
   * The run's end is committed; `responded` was called for it when `respondedEarly`. A run that
   * paused after answering (wait for the next webhook) has its answer announced only now.
   */
  ended(run: FlowRunRow, result: RunResult, respondedEarly: boolean): void;
}

/** What every execution shares. */
export interface RunExecutorDeps {
  base: ServerBase;
  queue: RunQueue;
  runner: WorkerRunner;
  pieces: PieceRunner;
  /** Installs and bundles the npm packages of code steps (see `CodePackageCache`). */
  code: CodeBundler;
  versions: RunFlowVersions;
  listener: ExecutionListener;
  /** True once the process is stopping: a run cut short by it is given back to the queue. */
  stopping(): boolean;
  /** How long records of steps without outside effects may wait to be written with others (ms). */
  stepWriteDelayMs: number;
  /**
   * Whether a run's end, once its caller has the answer, may wait a moment to share a commit:
   * only when that does not make a new run wait for the slot it still holds.
   */
  mayDeferEnd(): boolean;
  /**
   * Claims of one job after which its run ends INTERNAL_ERROR instead of running again: a run
   * that kills its process every time must not loop forever.
   */
  maxAttempts: number;
  /** What a run's end writes beside it (a single-step test's sample data); none when absent. */
  endWrite?: RunEndWrite | undefined;
}

/** Executes claimed jobs. */
export class RunExecutor {
  /** The runs executing here, by id, each with what cancels it. */
  private readonly executing = new Map<string, { projectId: string; cancel: AbortController }>();

  /** The ends of the runs executed here, written several per transaction. */
  private readonly ends: RunEndBatch;

  constructor(private readonly deps: RunExecutorDeps) {
    this.ends = new RunEndBatch(deps.base.store, async (trx, ends) => {
      const rows = await finishRuns(trx, deps.queue, ends);
      // A single-step test's sample data commits with the run's end: whoever sees it ended finds it.
      for (const end of ends) if (end.endWrite !== null) await end.endWrite(trx);
      return rows;
    });
  }

  /**
   * Cancels run `runId` of `projectId` if it executes here: it ends CANCELED (its thread is
   * stopped, its finished steps kept) and its end is written as any other. False when it does
   * not execute here.
   */
  cancel(projectId: string, runId: string): boolean {
    const execution = this.executing.get(runId);
    if (execution?.projectId !== projectId) return false;
    execution.cancel.abort();
    return true;
  }

  /** Runs `started` to its end (or back to the queue when the process stops first). */
  async execute(started: StartedJob): Promise<void> {
    const { run } = started;
    const cancel = new AbortController();
    this.executing.set(run.id, { projectId: run.projectId, cancel });
    try {
      await this.executeWith(started, cancel.signal);
    } finally {
      this.executing.delete(run.id);
    }
  }

  private async executeWith(started: StartedJob, signal: AbortSignal): Promise<void> {
    const { base, runner } = this.deps;
    const { job, run } = started;
    const writer = new StepWriter(base.store, base.logger, this.deps.stepWriteDelayMs);
    let logsFileId: string | undefined;
    let pausedPath: string | undefined;
    let respondedEarly = false;
    let result: RunResult;
    try {
      if (job.attempts > this.deps.maxAttempts) {
        throw new Error(
          `the run was taken up ${String(job.attempts - 1)} times without finishing (its process stopped each time)`,
        );
      }
      const { request, saved } = await this.prepare(started);
      let position = saved.reduce((last, step) => Math.max(last, step.position), -1) + 1;
      if (request.kind === 'EXECUTE' && !saved.some((step) => step.path === 'trigger')) {
        const record = triggerRecord(request.flowVersion.trigger.type);
        writer.add(stepRow(run.id, 'trigger', 'trigger', position++, record, wallTime()), false);
      }
      const events = new EventEmitter<EngineEvents>();
      events.on('step.finished', ({ stepName, path, record }) => {
        const place = formatStepPath(stepName, path);
        if (record.status === 'PAUSED' && record.type !== 'LOOP_ON_ITEMS') pausedPath = place;
        const row = stepRow(run.id, place, stepName, position++, storedRecord(record), wallTime());
        writer.add(row, record.type === 'PIECE');
      });
      events.on('run.responded', (response) => {
        respondedEarly = true;
        this.deps.listener.responded(run.id, response);
      });
      const host = createRunHost(
        base,
        { pieces: this.deps.pieces, code: this.deps.code },
        { runId: run.id, jobId: job.id, flowId: run.flowId, projectId: run.projectId },
        (fileId) => (logsFileId ??= fileId),
      );
      // Threads are shared out by project: one project's long runs never take them all.
      result = await runner.run(request, host, events, { group: run.projectId, signal });
    } catch (error) {
      if (this.deps.stopping() && job.attempts <= this.deps.maxAttempts) {
        await writer.close().then((rows) => this.giveBack(started, rows));
        return;
      }
      result = internalError(error, run.stepsCount);
    }
    // The synchronous caller gets the flow's answer now, not after the run's end is written: a
    // crash before that commit runs the flow again from its saved steps (the run is committed).
    // A paused run's answer waits for the commit: it names a resume URL that must work at once.
    if (result.status !== 'PAUSED' && result.response && !respondedEarly) {
      respondedEarly = true;
      this.deps.listener.responded(run.id, result.response);
    }
    const stepRows = await writer.close();
    const now = base.now();
    // Once the caller has its answer, the end may wait a moment to share the next write's commit
    // (a steady stream of single requests then costs one commit per run) — unless every slot is
    // taken: the caller's next request would then wait for this slot, so the end is written in
    // this turn of the event loop (with the other writes of the turn) and the slot freed.
    const defer = respondedEarly && this.deps.mayDeferEnd();
    const endWrite = (await this.deps.endWrite?.(run, result)) ?? null;
    // Written with the other ends that arrive meanwhile (see `RunEndBatch`), committed when it resolves.
    const written = await this.ends.write({
      execution: { ...started, result, stepRows, logsFileId, pausedPath },
      endWrite,
      now,
      deferrable: defer,
    });
    this.deps.listener.ended(written, result, respondedEarly);
    logRunExecuted(base.logger, started, result.status);
    // The end is committed (`write` resolves after the commit): a failed production run emails
    // its project's alert receivers in the background, never delaying nor failing the run.
    alertOnRunFailure(base, written);
  }

  /** The engine request of the job, and the records saved before. */
  private async prepare(started: StartedJob): Promise<{ request: EngineRequest; saved: SavedStep[] }> {
    const { job, run } = started;
    const { versions, base } = this.deps;
    const version = await versions.get(run.flowVersionId);
    const fresh = job.attempts === 1 && (job.kind === 'EXECUTE' || job.kind === 'TEST_STEP');
    const saved = fresh ? [] : await loadStepRows(base.store.db, run.id);
    const steps = fresh ? {} : runSteps(run, saved, version.trigger.type);
    const sampleData = job.kind === 'TEST_STEP' ? await testSampleData(versions, version, run) : {};
    const statusByPath = new Map(saved.map((step) => [step.path, step.record.status]));
    return { request: buildEngineRequest({ job, run, version, steps, statusByPath, sampleData }), saved };
  }

  /** Puts a job cut short by the process stopping back in the queue, its records kept. */
  private async giveBack(started: StartedJob, rows: readonly FlowRunStepTable[]): Promise<void> {
    const { base, queue } = this.deps;
    await base.store.write((trx) => giveBackRun(trx, started.run.id, rows, base.now()));
    await queue.release(started.job.id);
  }
}

function stepRow(
  runId: string,
  path: string,
  stepName: string,
  position: number,
  record: unknown,
  created: string,
): FlowRunStepTable {
  return { runId, path, stepName, position, record: toJson(record), created };
}

/** Sample data of a single-step test: the saved samples, the run's payload for a trigger without one. */
async function testSampleData(
  versions: RunFlowVersions,
  version: Parameters<RunFlowVersions['sampleData']>[0],
  run: FlowRunRow,
): Promise<Record<string, unknown>> {
  const sampleData = await versions.sampleData(version, run.projectId);
  if (!('trigger' in sampleData) && run.triggerPayload !== null) {
    sampleData['trigger'] = fromJson<unknown>(run.triggerPayload);
  }
  return sampleData;
}

function internalError(error: unknown, stepsCount: number): RunResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 'INTERNAL_ERROR',
    message: `Internal error: ${message}`,
    steps: {},
    duration: 0,
    stepsCount,
  };
}

/** Step rows take the wall time: they are ordered by position, not by time. */
function wallTime(): string {
  return timestampOf(Date.now());
}
