/**
 * Where run signals come from and go to in a process: executions publish them
 * ({@link signallingListener}), and every process turns the signals it hears into answers for
 * its waiting callers, its in-process run events, and stops of the runs it executes
 * ({@link routeRunSignals}).
 */
import type { FlowRun } from '@piecework/shared';
import type { EventEmitter } from 'eventemitter3';
import type { ResponseWaiters } from '../response-waiters';
import type { ExecutionListener } from '../run-executor';
import { flowRunFromRow } from '../run-rows';
import type { RunRuntimeEvents } from '../run-runtime';
import type { RunSignals } from './run-signals';

/** What a process does with the signals it hears. */
export interface RunSignalTargets {
  waiters: ResponseWaiters;
  events: EventEmitter<RunRuntimeEvents>;
  /** Stops run `runId` of `projectId` if it executes in this process (false otherwise). */
  stopRun: (projectId: string, runId: string) => boolean;
}

/** Subscribes `targets` to `signals`; answers a function that unsubscribes. */
export function routeRunSignals(signals: RunSignals, targets: RunSignalTargets): () => void {
  const { waiters, events } = targets;
  return signals.subscribe((signal) => {
    switch (signal.type) {
      case 'responded':
        waiters.settle(signal.runId, {
          kind: 'RESPONDED',
          response: signal.response,
          run: signal.run ?? null,
        });
        events.emit('run.responded', signal.runId, signal.response);
        return;
      case 'ended':
        if (!signal.paused) {
          waiters.settle(signal.run.id, { kind: 'FINISHED', run: signal.run });
          events.emit('run.finished', signal.run);
          return;
        }
        // A run asleep past its callers' timeouts cannot answer them: they get the timeout's
        // answer now rather than at its end.
        if (signal.answerBefore !== undefined) {
          waiters.settleThoseDoneBefore(signal.run.id, signal.answerBefore, { kind: 'TIMED_OUT' });
        }
        events.emit('run.paused', signal.run);
        return;
      case 'cancel':
        for (const runId of signal.runIds) targets.stopRun(signal.projectId, runId);
        return;
    }
  });
}

/** Announces a run's committed end (a cancel, no credits) to every process. */
export function publishRunEnd(signals: RunSignals, run: FlowRun): void {
  signals.publish({ type: 'ended', run, paused: false });
}

/** The listener of executions that publishes what they report as run signals. */
export function signallingListener(signals: RunSignals): ExecutionListener {
  return {
    responded(runId, response) {
      signals.publish({ type: 'responded', runId, response });
    },
    ended(row, result, respondedEarly) {
      const run = flowRunFromRow(row);
      if (result.status !== 'PAUSED') {
        publishRunEnd(signals, run);
        return;
      }
      const response = result.pause.type === 'WEBHOOK' ? result.pause.response : undefined;
      if (response && !respondedEarly) signals.publish({ type: 'responded', runId: run.id, response, run });
      const resumeTime = result.pause.type === 'DELAY' ? Date.parse(result.pause.resumeDateTime) : NaN;
      const answerBefore = Number.isFinite(resumeTime) ? resumeTime : undefined;
      signals.publish({ type: 'ended', run, paused: true, answerBefore });
    },
  };
}
