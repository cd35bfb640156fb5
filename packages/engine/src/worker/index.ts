/**
 * `@piecework/engine/worker`: runs flow runs in worker threads with a hard heap cap and a hard
 * deadline, so that code escaping QuickJS's soft limits (an endless built-in call, a huge
 * string) ends TIMEOUT or MEMORY_LIMIT_EXCEEDED instead of hanging or killing the process.
 * Node.js only.
 *
 * @example
 * ```ts
 * import { createMemoryHost } from '@piecework/engine';
 * import { WorkerRunner } from '@piecework/engine/worker';
 * const runner = new WorkerRunner({ size: 2, maxHeapMb: 256, options: { flowTimeoutSeconds: 30 } });
 * await runner.prestart();
 * const result = await runner.run({ kind: 'EXECUTE', flowVersion, run, triggerPayload: {} }, createMemoryHost());
 * await runner.close();
 * ```
 *
 * A thread script of its own ({@link runWorkerThread} with a {@link WorkerThreadSetup}, given as
 * `workerScript`) can run pieces inside the threads instead of on the main thread. A process can
 * start a runner's first thread before it loads the engine at all (`startDeferredThread`, from
 * `@piecework/engine/deferred-thread`), for the runner to adopt (`WorkerRunnerOptions.adopt`).
 * @module
 */
export { runWorkerThread } from './run-worker-thread';
export type { WorkerThreadSetup } from './run-worker-thread';
export { WorkerRunner } from './worker-runner';
export type { RunOptions, WorkerRunnerOptions } from './worker-runner';
export type { WorkerRunnerStats } from './runner-stats';
export { currentOsThreadId, setThreadNiceness, threadNiceness } from './thread-priority';
