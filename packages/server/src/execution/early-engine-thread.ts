/**
 * The engine thread the `piecework start` command starts at the very beginning of the process
 * (see `cli/piecework.ts`), handed from the command's entry to the run runtime, whose
 * `WorkerRunner` adopts it as its first thread: it loads the engine while the main thread loads
 * the server, instead of after. In the built command the entry and the server are separate
 * bundles, each with its own copy of this module: the thread is kept on `globalThis` under a
 * registered symbol, which both copies find.
 */
import type { Worker } from 'node:worker_threads';

const EARLY = Symbol.for('@piecework/server/early-engine-thread');
const holder = globalThis as { [EARLY]?: Worker };

/** Leaves `worker` (from `startDeferredThread` of the engine thread script) for the run runtime to take. */
export function offerEarlyEngineThread(worker: Worker): void {
  holder[EARLY] = worker;
}

/**
 * The thread offered by {@link offerEarlyEngineThread}, once (undefined after, and when none was):
 * for the `adopt` option of the run runtime's `WorkerRunner` of the engine thread script.
 */
export function takeEarlyEngineThread(): Worker | undefined {
  const taken = holder[EARLY];
  delete holder[EARLY];
  return taken;
}
