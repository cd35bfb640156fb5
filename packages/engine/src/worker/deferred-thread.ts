/**
 * `@piecework/engine/deferred-thread`: starts the first thread of a `WorkerRunner` before the
 * runner, or even the engine, is loaded, so that the thread loads its bundle while the process
 * loads and sets up the rest (a command's start-up, say); the runner made later adopts it (its
 * `adopt` option) instead of starting a thread of its own. This module loads nothing but
 * `node:worker_threads` and `node:url`: importing it costs next to nothing.
 *
 * @example
 * ```ts
 * // The very first lines of a command's entry, before its big imports:
 * import { startDeferredThread } from '@piecework/engine/deferred-thread';
 * const early = startDeferredThread(new URL('./my-thread.js', import.meta.url));
 * const { startServer } = await import('./server.js');
 * // ... and later, in the server:
 * const workerScript = new URL('./my-thread.js', import.meta.url);
 * const runner = new WorkerRunner({ workerScript, adopt: early });
 * ```
 * @module
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ThreadData, ToThread } from './protocol';
import { resolveWorkerScript, type WorkerScript } from './worker-script';

/**
 * The resource limits of a runner's threads with a heap cap of `maxHeapMb` (V8 old generation);
 * `WorkerRunner` and {@link startDeferredThread} both use it, so that their threads match.
 */
export function threadResourceLimits(maxHeapMb: number): ResourceLimits {
  return {
    maxOldGenerationSizeMb: maxHeapMb,
    maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(maxHeapMb / 8))),
    stackSizeMb: 4,
  };
}

/**
 * What a deferred thread was started with, kept on its `Worker` under a registered symbol (not in
 * a module's map: the CommonJS build has one copy of this module per entry point).
 */
interface DeferredMark {
  script: string;
  error?: Error;
  adopted: boolean;
}
const MARK = Symbol.for('@piecework/engine/deferred-thread');
type MarkedWorker = Worker & { [MARK]?: DeferredMark };

/**
 * Starts a thread of `script` (a path or file URL; a `.ts` one through tsx, as `WorkerRunner`
 * starts them) with the resource limits of a runner whose `maxHeapMb` is `maxHeapMb` (default
 * 256, the runner's default), for a `WorkerRunner` to adopt (its `adopt` option). The thread
 * loads its modules, then waits for the runner: it warms up only once adopted. It does not keep
 * the process alive, and an error of it before adoption (a script that fails to load) is not
 * thrown: the runner then refuses the thread and starts its own, which reports its own failure.
 * Use it at the very start of a process that will make a runner with the same `workerScript` and
 * `maxHeapMb`; a runner that does not match stops it.
 */
export function startDeferredThread(script: string | URL, maxHeapMb = 256): Worker {
  const resolved = resolveWorkerScript(script);
  const workerData: ThreadData = { deferred: true };
  const worker: MarkedWorker = new Worker(resolved.filename, {
    eval: resolved.eval,
    resourceLimits: threadResourceLimits(maxHeapMb),
    workerData,
  });
  const mark: DeferredMark = { script: scriptKey(resolved), adopted: false };
  worker[MARK] = mark;
  worker.on('error', (error) => (mark.error ??= error));
  worker.unref();
  return worker;
}

/**
 * `adopt`, if it is a thread of {@link startDeferredThread} that a runner with `script` and
 * `resourceLimits` can take as its own: started with both, alive, never failed, not adopted
 * already. A thread that does not match is stopped (told to exit, so that it is not cut off while
 * it loads its modules) and undefined is answered.
 * @internal used by `WorkerRunner`
 */
export function adoptDeferredThread(
  adopt: Worker,
  script: WorkerScript,
  resourceLimits: ResourceLimits,
): Worker | undefined {
  const mark = (adopt as MarkedWorker)[MARK];
  if (mark?.adopted) return undefined;
  const limits = adopt.resourceLimits ?? {};
  const matches =
    mark !== undefined &&
    mark.error === undefined &&
    adopt.threadId !== -1 &&
    mark.script === scriptKey(script) &&
    limits.maxOldGenerationSizeMb === resourceLimits.maxOldGenerationSizeMb &&
    limits.maxYoungGenerationSizeMb === resourceLimits.maxYoungGenerationSizeMb &&
    limits.stackSizeMb === resourceLimits.stackSizeMb;
  if (matches) {
    mark.adopted = true;
    return adopt;
  }
  stopDeferredThread(adopt);
  return undefined;
}

/**
 * Stops a thread of {@link startDeferredThread} that no runner adopted: it exits by itself once
 * its modules are loaded. Any other `Worker` is terminated.
 * @internal used by `WorkerRunner`
 */
export function stopDeferredThread(worker: Worker): void {
  const mark = (worker as MarkedWorker)[MARK];
  if (mark === undefined) {
    worker.terminate().catch(() => {});
    return;
  }
  if (mark.adopted) return;
  const stop: ToThread = { type: 'stop' };
  worker.postMessage(stop);
}

function scriptKey(script: WorkerScript): string {
  return `${script.eval ? 'eval' : 'file'}:${String(script.filename)}`;
}
