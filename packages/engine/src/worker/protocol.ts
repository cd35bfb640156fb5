/**
 * The messages between the `WorkerRunner` and its worker threads. Everything here is plain
 * data (structured-clone safe): requests, options, records, and host calls without functions.
 */
import type { LogLevel, StoreScope } from '../host/engine-host';
import type { PieceRunRequest } from '../host/piece-runner';
import type { EngineEvents } from '../run/engine-events';
import type { EngineOptions } from '../run/engine-options';
import type { EngineRequest } from '../run/engine-request';
import type { RunResult } from '../run/run-result';

/** A piece call as it crosses the thread boundary: its `services` (functions) stay behind and the parent re-attaches its own. */
export type PortablePieceRunRequest = Omit<PieceRunRequest, 'services'>;

/** One call of a host port the thread does not own (everything but `now`, `sleep` and `log`). */
export type HostCall =
  | { method: 'pieces.run'; args: [request: PortablePieceRunRequest] }
  | { method: 'connections.get'; args: [externalId: string] }
  | { method: 'store.get'; args: [key: string, scope: StoreScope] }
  | { method: 'store.put'; args: [key: string, value: unknown, scope: StoreScope] }
  | { method: 'store.delete'; args: [key: string, scope: StoreScope] }
  | { method: 'files.save'; args: [content: string, info: { name: string }] }
  | { method: 'files.load'; args: [fileId: string] };

/** One engine event with its arguments, e.g. `{name: 'step.finished', args: [{stepName, path, record}]}`. */
export type EngineEvent = {
  [Name in keyof EngineEvents]: { name: Name; args: Parameters<EngineEvents[Name]> };
}[keyof EngineEvents];

/** Parent -> thread: start a run, or answer a host call. */
export type ToThread =
  | { type: 'run'; jobId: number; request: EngineRequest; options: EngineOptions }
  | { type: 'reply'; callId: number; ok: true; value: unknown }
  | { type: 'reply'; callId: number; ok: false; message: string };

/**
 * Thread -> parent: ready for runs (once, after loading), a host call, a log line, an event as
 * it happens, and the run's end (`done` with its result, or `threw` when `runEngine` threw for misuse).
 */
export type FromThread =
  | { type: 'ready' }
  | { type: 'call'; jobId: number; callId: number; call: HostCall }
  | { type: 'log'; jobId: number; level: LogLevel; message: string; fields?: Record<string, unknown> }
  | { type: 'event'; jobId: number; event: EngineEvent }
  | { type: 'done'; jobId: number; result: RunResult }
  | { type: 'threw'; jobId: number; message: string };
