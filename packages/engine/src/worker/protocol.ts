/**
 * The messages between the `WorkerRunner` and its worker threads. Everything here is plain
 * data (structured-clone safe): requests, options, records, and host calls without functions.
 *
 * A run costs the parent two messages when its thread needs nothing from it: `run` in (without
 * the flow version once the thread holds it) and `done` out, carrying the run's events and log
 * lines. Events and log lines travel as {@link Relayed} items, in the order the thread made
 * them, inside whichever message leaves the thread next; the parent relays a message's items
 * before it acts on the message itself.
 */
import type { FlowVersion } from '@piecework/shared';
import type { CodeSource } from '../host/code-bundler';
import type { LogLevel, StoreScope } from '../host/engine-host';
import type { PieceRunRequest } from '../host/piece-runner';
import type { EngineEvents } from '../run/engine-events';
import type { EngineOptions } from '../run/engine-options';
import type { EngineRequest } from '../run/engine-request';
import type { RunResult } from '../run/run-result';

/**
 * What a thread runs with: the engine options of every run, and the runner's `threadSettings` for
 * the thread script's setup (see `WorkerThreadSetup`).
 */
export interface ThreadConfig {
  options: EngineOptions;
  settings?: unknown;
}

/**
 * What a thread is started with (its `workerData`): its {@link ThreadConfig}, or `{deferred: true}`
 * for a thread started before its runner exists (`startDeferredThread`). A deferred thread loads
 * its modules, then waits for its first message: `setup`, from the runner that adopts it, after
 * which it warms up and says `ready` as any other; or `stop` when no runner wants it.
 */
export type ThreadData = ThreadConfig | { deferred: true };

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
  | { method: 'files.load'; args: [fileId: string] }
  | { method: 'code.bundle'; args: [source: CodeSource] }
  | { method: 'flows.list'; args: [params: { externalIds?: string[] }] };

/** One engine event with its arguments, e.g. `{name: 'step.finished', args: [{stepName, path, record}]}`. */
export type EngineEvent = {
  [Name in keyof EngineEvents]: { name: Name; args: Parameters<EngineEvents[Name]> };
}[keyof EngineEvents];

type WithoutFlowVersion<Request> = Request extends unknown
  ? Omit<Request, 'flowVersion'> & { flowVersion: undefined }
  : never;

/**
 * An engine request as it crosses into a thread: its `flowVersion` key is kept, undefined, where
 * it was (so the thread rebuilds an object with the same keys in the same order); the version
 * itself travels in the run's {@link VersionRef}.
 */
export type PortableEngineRequest = WithoutFlowVersion<EngineRequest>;

/**
 * The flow version of a run. The parent names every version object with a `key`; a thread keeps
 * the versions it was sent under their keys. `flowVersion` is sent only when the thread does not
 * hold the key yet (it keeps it from then on); `evict` lists keys the thread drops first.
 */
export interface VersionRef {
  key: number;
  flowVersion?: FlowVersion;
  evict?: number[];
}

/**
 * Parent -> thread: start a run, or answer a host call. `startedEvents` is false when nobody
 * listens to `step.started`: the thread then does not send them. A deferred thread (see
 * {@link ThreadData}) gets `setup` (its config) or `stop` (exit, unused) first, and only once.
 */
export type ToThread =
  | { type: 'setup'; data: ThreadConfig }
  | { type: 'stop' }
  | {
      type: 'run';
      jobId: number;
      request: PortableEngineRequest;
      version: VersionRef;
      startedEvents: boolean;
    }
  | { type: 'reply'; callId: number; ok: true; value: unknown }
  | { type: 'reply'; callId: number; ok: false; message: string };

/** An event or a log line of a run, relayed by the parent in the order the thread made them. */
export type Relayed =
  | { type: 'event'; event: EngineEvent }
  | { type: 'log'; level: LogLevel; message: string; fields?: Record<string, unknown> };

/** A message of a run that can carry the run's pending {@link Relayed} items, relayed before it. */
export type CarrierMessage =
  | { type: 'batch'; jobId: number }
  | { type: 'call'; jobId: number; callId: number; call: HostCall }
  | { type: 'done'; jobId: number; result: RunResult }
  | { type: 'threw'; jobId: number; message: string };

/**
 * Thread -> parent: ready for runs (once, after loading; with the thread's id in the operating
 * system where it has one of its own, for the parent to lower a held thread's priority); a run's items alone (`batch`), with a
 * host call, or with the run's end (`done` with its result, or `threw` when `runEngine` threw for
 * misuse); `unsent` when an event of the run could not be sent (the parent stops the run).
 */
export type FromThread =
  | { type: 'ready'; osThreadId?: number }
  | (CarrierMessage & { items?: Relayed[] })
  | { type: 'unsent'; jobId: number; message: string };
