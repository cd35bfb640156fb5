/**
 * The signals stage of the run machinery: the in-process run events, the waiters of synchronous
 * callers and the channel run signals travel on between processes.
 */
import { EventEmitter } from 'eventemitter3';
import { ResponseWaiters } from '../response-waiters';
import type { RunRuntimeEvents } from '../run-runtime';
import { LocalRunSignals, type RunSignals } from '../signals/run-signals';
import type { RunRuntimeOptions } from '../create-run-runtime';

/** The events, waiters and signals of one runtime (see {@link openRunSignalling}). */
export interface RunSignalling {
  readonly events: EventEmitter<RunRuntimeEvents>;
  readonly waiters: ResponseWaiters;
  readonly signals: RunSignals;
}

/**
 * Makes a runtime's events and waiters, on the signals given (Redis in scale-out) or signals
 * within this process only. Routing the signals to their targets waits for the executions.
 */
export function openRunSignalling(options: RunRuntimeOptions): RunSignalling {
  const events = new EventEmitter<RunRuntimeEvents>();
  const waiters = new ResponseWaiters();
  const signals = options.signals ?? new LocalRunSignals();
  return { events, waiters, signals };
}
