import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import { code, flow, piece } from '@piecework/shared/testing';
import { createTestPieces } from '../testing/test-pieces';
import { startDeferredThread } from './deferred-thread';
import { executeRequest } from './test-requests';
import { WorkerRunner, type WorkerRunnerOptions } from './worker-runner';

const pieceThread = new URL('./testing/piece-thread.ts', import.meta.url);
const inThread = flow(piece('step_1', 'in_thread', { value: 5 }));

/** Runs `in_thread` on `runner`: the thread that ran it, and the marker of its settings. */
async function threadOfRun(runner: WorkerRunner): Promise<{ threadId: number; marker: string }> {
  const result = await runner.run(executeRequest(inThread), createMemoryHost({ pieces: createTestPieces() }));
  expect(result.status).toBe('SUCCEEDED');
  return result.steps.step_1?.output as { threadId: number; marker: string };
}

/** A runner of the piece thread adopting `adopt`, closed after `use`. */
async function withRunner(
  adopt: Worker,
  options: WorkerRunnerOptions,
  use: (runner: WorkerRunner) => Promise<void>,
): Promise<void> {
  const runner = new WorkerRunner({
    size: 1,
    workerScript: pieceThread,
    threadSettings: { marker: 'm-2' },
    adopt,
    ...options,
  });
  try {
    await use(runner);
  } finally {
    await runner.close();
  }
}

describe('WorkerRunner adopting a deferred thread', () => {
  it.each([
    ['at prestart', true],
    ['at its first run', false],
  ])('takes it as its first thread %s, set up with its own settings', async (_, prestart) => {
    const early = startDeferredThread(pieceThread);
    await withRunner(early, {}, async (runner) => {
      if (prestart) await runner.prestart(1);
      expect(await threadOfRun(runner)).toEqual({ threadId: early.threadId, marker: 'm-2', stored: 5 });
      expect(await threadOfRun(runner)).toMatchObject({ threadId: early.threadId });
      expect(runner.stats).toMatchObject({ threadsStarted: 1, threadsAdopted: 1 });
    });
  });

  it.each([
    ['heap cap', () => startDeferredThread(pieceThread, 128), {}],
    ["heap cap (the runner's)", () => startDeferredThread(pieceThread), { maxHeapMb: 64 }],
    ['script', () => startDeferredThread(new URL('./worker-thread.ts', import.meta.url)), {}],
  ])('stops one with another %s and starts its own', async (_, start, options) => {
    const early = start();
    const earlyId = early.threadId;
    const exited = once(early, 'exit');
    await withRunner(early, options, async (runner) => {
      const { threadId } = await threadOfRun(runner);
      expect(threadId).not.toBe(earlyId);
      expect(runner.stats).toMatchObject({ threadsStarted: 1, threadsAdopted: 0 });
      expect(await exited).toEqual([0]);
    });
  });

  it('starts its own when the deferred thread is gone', async () => {
    const early = startDeferredThread(pieceThread);
    early.postMessage({ type: 'stop' });
    await once(early, 'exit');
    await withRunner(early, {}, async (runner) => {
      await threadOfRun(runner);
      expect(runner.stats).toMatchObject({ threadsStarted: 1, threadsAdopted: 0 });
    });
  });

  it('fails to start as its own threads do when the setup fails in the adopted thread', async () => {
    const early = startDeferredThread(pieceThread);
    const settings = { threadSettings: { marker: 'x', fail: 'throw' } };
    await withRunner(early, settings, async (runner) => {
      await expect(runner.prestart()).rejects.toThrow(
        "A worker thread failed to start: The worker thread's setup failed: no pieces here",
      );
      expect(early.threadId).toBe(-1);
      expect(runner.stats).toMatchObject({ threadsStarted: 1, threadsAdopted: 1 });
    });
  });

  it('stops it when closed before it needed a thread, and one adopted elsewhere is left alone', async () => {
    const early = startDeferredThread(pieceThread);
    const exited = once(early, 'exit');
    await new WorkerRunner({ workerScript: pieceThread, adopt: early }).close();
    expect(await exited).toEqual([0]);

    const shared = startDeferredThread(new URL('./worker-thread.ts', import.meta.url));
    const first = new WorkerRunner({ size: 1, adopt: shared });
    const second = new WorkerRunner({ size: 1, adopt: shared });
    try {
      await first.prestart();
      await second.prestart();
      expect([first.stats.threadsAdopted, second.stats.threadsAdopted]).toEqual([1, 0]);
      const result = await first.run(executeRequest(flow(code('step_1', 'return 1'))), createMemoryHost());
      expect(result.status).toBe('SUCCEEDED');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
