#!/usr/bin/env node
/**
 * The entry of the built `piecework` command (the standalone bundle's `cli.js`; the command
 * itself is `main.ts`). For `piecework start` it first starts the engine's first worker thread
 * (`startDeferredThread`, which loads nothing of the engine here), so that the thread loads the
 * engine and built-in pieces while this thread loads and sets up the server; the run runtime's
 * `WorkerRunner` adopts it (see `runs/early-engine-thread.ts`). Then it loads the command with a
 * dynamic import, which keeps the bulk of the bundle out of this entry's chunk: the thread starts
 * before that code is even read.
 */
import { startDeferredThread } from '@piecework/engine/deferred-thread';
import { offerEarlyEngineThread } from '../runs/early-engine-thread';
import { resolveEngineThreadScript } from '../runs/engine-thread-script';

if (process.argv[2] === 'start' && process.argv.length === 3) {
  // The same script, and the default heap cap, as the run runtime's WorkerRunner: it adopts the thread.
  offerEarlyEngineThread(startDeferredThread(resolveEngineThreadScript()));
}
await import('./main');
