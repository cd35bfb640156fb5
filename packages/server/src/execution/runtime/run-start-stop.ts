/**
 * The start and stop of the run machinery: `start()` takes up jobs left running and starts
 * claiming (when the worker is admitted); `stop()` lets running jobs end within a grace period,
 * then closes the threads, piece processes, queue and signals, in that order.
 */
import type { WorkerRunner } from '@piecework/engine/worker';
import type { NpmPieceHost } from '@piecework/pieces';
import type { ServerBase } from '../../server-context';
import type { RunQueue } from '../run-queue';
import type { RunRuntime } from '../run-runtime';
import type { RunSignals } from '../signals/run-signals';
import type { RunRuntimeOptions } from '../create-run-runtime';
import type { RunExecution } from './run-execution';

/** What start and stop work with: the earlier stages' parts. */
export interface RunStartStopParts {
  readonly queue: RunQueue;
  readonly signals: RunSignals;
  readonly runner: WorkerRunner;
  readonly npm: NpmPieceHost | undefined;
  readonly execution: RunExecution;
  /** This process's id in the queue's claims and the worker registry. */
  readonly workerId: string;
  /** Unsubscribes the runtime from its signals. */
  readonly stopRouting: () => void;
}

/** The `start` and `stop` of a runtime; a process that does not execute runs only closes at stop. */
export function runStartStop(
  base: ServerBase,
  options: RunRuntimeOptions,
  executes: boolean,
  parts: RunStartStopParts,
): Pick<RunRuntime, 'start' | 'stop'> {
  const { config } = base.settings;
  const { queue, signals, runner, npm, execution, workerId } = parts;
  const { dispatcher } = execution;
  let running = false;
  return {
    async start() {
      if (running) return;
      running = true;
      if (!executes) return;
      if (options.takeOverOnStart !== false) {
        // Jobs left RUNNING belong to a process that is gone (this one just started): queue them again.
        const runIds = await queue.requeueExpired({ exceptWorkerId: workerId, allOthers: true });
        await execution.markQueued(runIds);
        if (runIds.length > 0)
          base.logger.warn({ count: runIds.length }, 'Runs left running were taken up again');
      }
      if (options.admission === undefined) {
        dispatcher.start();
        return;
      }
      await options.admission.startWorker(workerId, config.workerConcurrency, (allowed) => {
        // Refused: running jobs end as they would; no new ones are taken.
        if (allowed) dispatcher.start();
        else void dispatcher.stop(0);
      });
    },
    async stop() {
      if (executes) await options.admission?.stopWorker(workerId);
      const ended = await dispatcher.stop(options.stopGraceMs ?? 10_000);
      if (!ended) {
        execution.cutShort();
        execution.agents.stopAll();
        base.logger.warn({ count: dispatcher.activeCount }, 'Stopping: running jobs go back to the queue');
      }
      await runner.close();
      await dispatcher.drain();
      await npm?.close();
      await queue.close();
      parts.stopRouting();
      await signals.close();
    },
  };
}
