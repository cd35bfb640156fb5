/**
 * The engine stage of the run machinery: the pool of engine worker threads that run flows, with
 * the thread the start command started early, and their prestart.
 */
import { availableParallelism } from 'node:os';
import { WorkerRunner } from '@piecework/engine/worker';
import type { ThreadPieceSettings } from '@piecework/pieces';
import type { ServerBase } from '../../server-context';
import { takeEarlyEngineThread } from '../early-engine-thread';
import { resolveEngineThreadScript } from '../engine-thread-script';
import { HELD_ENGINE_THREAD_NICENESS } from '../lower-thread-priority';
import type { RunRuntimeOptions } from '../create-run-runtime';
import type { PieceUrls } from './run-pieces';

/**
 * The engine's worker threads of a runtime: sized by the options or AP_WORKER_CONCURRENCY (at
 * most the cores), running the built-in pieces themselves unless `options.pieces` takes every
 * piece call. No thread starts here, except that an early thread is adopted or stopped.
 */
export function createEngineThreads(
  base: ServerBase,
  options: RunRuntimeOptions,
  executes: boolean,
  urls: PieceUrls,
): WorkerRunner {
  const { config } = base.settings;
  const piecesDir = base.settings.piecesDir;
  // Built-in pieces run in the worker threads, unless a custom runner takes every piece call.
  const threadSettings: ThreadPieceSettings = {
    piecesDir,
    urls,
    ssrfAllowList: config.ssrfAllowList,
    maxFileSizeMb: config.maxFileSizeMb,
  };
  const threads =
    options.workerThreads ?? Math.max(1, Math.min(config.workerConcurrency, availableParallelism()));
  // The engine thread the command started early serves a process that executes runs with the
  // built-in thread pieces; any other process (an APP) stops it instead of keeping it loaded.
  const early = takeEarlyEngineThread();
  const adopt = executes && options.pieces === undefined ? early : undefined;
  if (early !== undefined && adopt === undefined) void early.terminate();
  return new WorkerRunner({
    ...(options.pieces === undefined
      ? { workerScript: resolveEngineThreadScript(), threadSettings, adopt }
      : {}),
    size: threads,
    // A project's long runs (a runaway code step, slow calls) never hold every thread while other
    // projects wait: they run on at most `threads` threads, at the lowest priority once held, and
    // the pool grows past them for the others.
    maxThreads: Math.max(threads, config.workerConcurrency),
    heldAfterMs: options.heldThreadMs ?? 1000,
    heldNiceness: HELD_ENGINE_THREAD_NICENESS,
    maxHeapMb: options.maxHeapMb ?? 256,
    options: {
      flowTimeoutSeconds: config.flowTimeoutSeconds,
      maxLogSizeMb: config.maxFlowRunLogSizeMb,
      sliceThresholdKb: config.flowRunLogSliceThresholdKb,
      inputTruncateThresholdKb: config.flowRunLogInputTruncateThresholdKb,
      ...options.engine,
    },
  });
}

/**
 * Starts loading one engine thread now, in a process that executes runs (unless the options
 * turn prestart off); a failure is logged, never thrown.
 */
export function prestartEngineThreads(
  base: ServerBase,
  options: RunRuntimeOptions,
  executes: boolean,
  runner: WorkerRunner,
): void {
  if (executes && options.prestart !== false) {
    // One thread: on a small machine more would slow the start-up they run beside; the
    // others start with the first runs that need them.
    runner.prestart(1).catch((error: unknown) => {
      base.logger.error({ err: error }, 'The engine worker threads could not start');
    });
  }
}
