/**
 * The entry of the engine thread in the built `piecework` command (the standalone build's
 * `engine-thread.js`, CommonJS, found by `resolveEngineThreadScript`): runs the thread's code
 * (`execution/engine-thread.ts`, bundled as `engine-thread-main.js` beside it) through its V8 code
 * cache (`compile-cache.ts`; written about a second after a thread that had none started), so
 * that a thread, the one started at the command's very beginning first, is ready sooner.
 */
import { join } from 'node:path';
import { loadCommonJs, saveCompileCacheLater } from './compile-cache';

// Only ever built as a standalone CommonJS entry: `__dirname` is the bundle's folder.
saveCompileCacheLater(loadCommonJs(join(__dirname, 'engine-thread-main.js')));
