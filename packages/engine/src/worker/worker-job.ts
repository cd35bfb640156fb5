import { countStepRecords } from '@piecework/shared';
import type { EventEmitter } from 'eventemitter3';
import type { EngineHost } from '../host/engine-host';
import type { FlowResponse } from '../host/piece-runner';
import type { EngineEvents } from '../run/engine-events';
import { abortError } from '../run/run-abort';
import type { EngineRequest } from '../run/engine-request';
import type { FailedRunResult, RunResult } from '../run/run-result';
import type { EngineEvent, Relayed } from './protocol';
import { RunProgress } from './run-progress';

/** A run asked of the runner: what to run, against which host, and who waits for it. */
export interface WorkerJob {
  request: EngineRequest;
  host: EngineHost;
  events: EventEmitter<EngineEvents> | undefined;
  /** The tenant the run counts against when threads are shared out (see `FairQueue`). */
  group: string;
  resolve(result: RunResult): void;
  reject(error: Error): void;
}

/**
 * A job while a worker thread runs it: relays its events (keeping the records they carry, and an
 * early response) and settles it exactly once, with the thread's result or with one the parent
 * makes when it ends the run itself. Its `job.host` runs the thread's piece calls (pieces that
 * run in the main thread, e.g. npm pieces) with a signal aborted once the job is settled, however
 * it ends (the thread's result, TIMEOUT, a stop, a crash): no piece call outlives its run.
 */
export class ActiveJob {
  /** The job as given, but with a host whose piece calls get {@link calls}'s signal. */
  readonly job: WorkerJob;
  private readonly progress: RunProgress;
  private readonly startedAt = performance.now();
  private response: FlowResponse | undefined;
  private settled = false;
  /** Made at the first piece call of the job (most jobs make none in this thread). */
  private calls: AbortController | undefined;

  /**
   * @param given the job as the runner queued it: the identity a runner finds the job by (to
   * cancel it), while {@link job} is the copy that runs.
   */
  constructor(
    readonly jobId: number,
    readonly given: WorkerJob,
  ) {
    this.job = { ...given, host: this.abortableHost(given.host) };
    this.progress = new RunProgress(given.request);
  }

  get isSettled(): boolean {
    return this.settled;
  }

  /** Emits an event of the thread on the caller's emitter (a throwing listener throws here). */
  relay(event: EngineEvent): void {
    if (event.name === 'step.finished') {
      const [{ stepName, path, record }] = event.args;
      this.progress.finished(stepName, path, record);
    }
    if (event.name === 'run.responded') this.response = event.args[0];
    this.job.events?.emit(event.name, ...(event.args as [never]));
  }

  /** Logs a line of the thread on the caller's host (a failing log sink does not fail the run). */
  log({ level, message, fields }: Extract<Relayed, { type: 'log' }>): void {
    try {
      this.job.host.log.log(level, message, fields);
    } catch {
      // A failing log sink does not fail the run.
    }
  }

  /** Ends the job with the thread's result. */
  resolve(result: RunResult): void {
    if (this.settle()) this.job.resolve(result);
  }

  /** Ends the job with a result the parent makes: the records known so far. */
  end(status: FailedRunResult['status'], message: string): void {
    if (!this.settle()) return;
    this.job.resolve(
      endedResult(this.progress, status, message, performance.now() - this.startedAt, this.response),
    );
  }

  /** Ends the job without a result (misuse, or the runner closed). */
  reject(error: Error): void {
    if (this.settle()) this.job.reject(error);
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.calls?.abort(abortError('The run has ended'));
    return true;
  }

  /** `host` with piece calls that get the job's signal (the other ports as they are). */
  private abortableHost(host: EngineHost): EngineHost {
    return {
      now: () => host.now(),
      sleep: (ms) => host.sleep(ms),
      pieces: {
        run: (request) => {
          this.calls ??= new AbortController();
          if (this.settled) this.calls.abort(abortError('The run has ended'));
          return host.pieces.run({ ...request, signal: this.calls.signal });
        },
      },
      connections: host.connections,
      store: host.store,
      files: host.files,
      ...(host.flows ? { flows: host.flows } : {}),
      log: host.log,
      ...(host.code ? { code: host.code } : {}),
    };
  }
}

/**
 * The result of a run the parent ends itself (stopped thread, cancel): the records known so far
 * (`progress`), and the response it gave, if any.
 */
export function endedResult(
  progress: RunProgress,
  status: FailedRunResult['status'],
  message: string,
  durationMs: number,
  response?: FlowResponse,
): RunResult {
  const steps = progress.steps;
  return {
    status,
    message,
    steps,
    duration: Math.round(durationMs),
    stepsCount: countStepRecords(steps),
    ...(response ? { response } : {}),
  };
}
