/**
 * What the processes running runs tell the processes waiting on them, and back: a run answered
 * its synchronous caller, a run's end or pause was committed, a run must stop (cancel). In one
 * process they travel through an in-memory emitter ({@link LocalRunSignals}); with app and worker
 * processes, over Redis pub/sub (`RedisRunSignals`), so a sync webhook is answered by the app that
 * received it, whichever worker ran the run.
 */
import type { FlowRun } from '@piecework/shared';
import { EventEmitter } from 'eventemitter3';
import type { FlowResponse } from '../run-runtime';

/** A message about a run, from the process that knows to every process that may care. */
export type RunSignal =
  /**
   * The flow answered its synchronous caller (before or at its end); `run` is set when the
   * answer comes with the run's committed pause (a webhook pause that answers first).
   */
  | { type: 'responded'; runId: string; response: FlowResponse; run?: FlowRun | undefined }
  /**
   * The run's end (or pause) is committed. `answerBefore` (ms since the epoch) is set for a run
   * asleep until then: callers who stop waiting sooner get their timeout's answer now.
   */
  | { type: 'ended'; run: FlowRun; paused: boolean; answerBefore?: number | undefined }
  /** Stop these runs of `projectId` wherever they execute (their ends are written CANCELED). */
  | { type: 'cancel'; projectId: string; runIds: string[] };

/** Sends and receives {@link RunSignal}s. */
export interface RunSignals {
  /** Sends `signal` to every process, this one included (its listeners are called at once). */
  publish(signal: RunSignal): void;
  /** Calls `listener` for every signal from any process; answers a function that stops it. */
  subscribe(listener: (signal: RunSignal) => void): () => void;
  /**
   * Makes this process hear the answers and ends of every process's runs from now on, if it did
   * not already (a worker hears only cancels until then); resolves once it does. Call it before
   * starting runs this process will wait on, e.g. an agent's flow tools on a worker.
   */
  hearAnswers(): Promise<void>;
  /** Stops sending and receiving (closes connections). */
  close(): Promise<void>;
}

/** {@link RunSignals} inside one process: what the embedded default (one process) uses. */
export class LocalRunSignals implements RunSignals {
  private readonly emitter = new EventEmitter<{ signal: (signal: RunSignal) => void }>();

  publish(signal: RunSignal): void {
    this.emitter.emit('signal', signal);
  }

  subscribe(listener: (signal: RunSignal) => void): () => void {
    this.emitter.on('signal', listener);
    return () => this.emitter.off('signal', listener);
  }

  /** Every signal is heard in one process. */
  async hearAnswers(): Promise<void> {}

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
