#!/usr/bin/env node
/**
 * The entry of the built `piecework` command (the standalone build's `cli.js`, CommonJS; the
 * command itself is `main.ts`, bundled as `main.js` beside it). For `piecework start` it first
 * starts the engine's first worker thread (`startDeferredThread`, which loads nothing of the
 * engine here), so that the thread loads the engine and built-in pieces while this thread loads
 * and sets up the server; the run runtime's `WorkerRunner` adopts it (see
 * `execution/early-engine-thread.ts`). Then it runs the command's bundle through its V8 code cache
 * (`compile-cache.ts`; written about a second after a start that had none).
 */
import { join } from 'node:path';
import { startDeferredThread } from '@piecework/engine/deferred-thread';
import { offerEarlyEngineThread } from '../execution/early-engine-thread';
import { resolveEngineThreadScript } from '../execution/engine-thread-script';
import { loadCommonJs, saveCompileCacheLater } from './compile-cache';

// An APP process executes no run: it needs no engine thread (see AP_CONTAINER_TYPE).
if (process.argv[2] === 'start' && process.argv.length === 3 && process.env['AP_CONTAINER_TYPE'] !== 'APP') {
  // The same script, and the default heap cap, as the run runtime's WorkerRunner: it adopts the thread.
  offerEarlyEngineThread(startDeferredThread(resolveEngineThreadScript()));
}
// Only ever built as the standalone CommonJS entry: `__dirname` is the bundle's folder.
saveCompileCacheLater(loadCommonJs(join(__dirname, 'main.js')));
