/**
 * A worker thread for the tests of `cli/compile-cache.ts` (started through tsx): loads
 * `workerData.file` with `loadCommonJs` in an isolate of its own, where V8's in-memory compilation
 * cache cannot hide whether the code cache on disk was used; saves the code cache when
 * `workerData.save` is set; posts a {@link ThreadLoad} (promises among the exports awaited).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadCommonJs, type CompileCacheUse } from '../cli/compile-cache';

/** What the thread posts back. */
export interface ThreadLoad {
  cache: CompileCacheUse;
  saved: boolean;
  exports: Record<string, unknown>;
}

const { file, cacheDir, save } = workerData as { file: string; cacheDir?: string; save?: boolean };
const loaded = loadCommonJs(file, cacheDir === undefined ? {} : { cacheDir });
const exports: Record<string, unknown> = {};
for (const [key, value] of Object.entries(loaded.exports as Record<string, unknown>)) {
  exports[key] = await value;
}
const result: ThreadLoad = { cache: loaded.cache, saved: save === true && loaded.saveCache(), exports };
parentPort?.postMessage(result);
