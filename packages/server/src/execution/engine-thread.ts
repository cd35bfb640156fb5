/**
 * The code of the server's engine worker threads (built as the server's `engine-thread` entry,
 * and as `engine-thread-main.js` beside the standalone CLI, where the thread's script
 * `engine-thread.js` loads it through a V8 code cache): the engine's worker thread with built-in
 * pieces running in the thread itself, so that a flow of built-ins never waits for the busy main
 * thread. npm pieces and unknown ones still go to the main thread's piece runner (npm pieces run
 * in child processes it manages). Its `threadSettings` are a {@link ThreadPieceSettings}, given
 * by `createRunRuntime`. The thread runs at a lower scheduling priority than the main thread (see
 * `lower-thread-priority.ts`).
 */
import { runWorkerThread } from '@piecework/engine/worker';
import { createThreadPieceRunner, type ThreadPieceSettings } from '@piecework/pieces';
import { lowerThreadPriority } from './lower-thread-priority';

lowerThreadPriority();

runWorkerThread({
  pieces: (parent, settings) => createThreadPieceRunner(parent, settings as ThreadPieceSettings),
});
