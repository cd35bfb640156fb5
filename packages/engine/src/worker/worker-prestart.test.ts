import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import { code, flow } from '@piecework/shared/testing';
import { executeRequest } from './test-requests';
import { WorkerRunner } from './worker-runner';

const host = createMemoryHost();
const version = flow(code('step_1', 'return inputs.n * 2', { n: "{{trigger['output'].n}}" }));

async function runMany(runner: WorkerRunner, count: number): Promise<unknown[]> {
  const results = await Promise.all(
    Array.from({ length: count }, (_, n) => runner.run(executeRequest(version, { n }, `run-${n}`), host)),
  );
  return results.map((result) => result.steps.step_1?.output);
}

describe('WorkerRunner.prestart', () => {
  it.each([
    ['awaited', true],
    ['not awaited', false],
  ])('(%s) then many runs at once starts exactly `size` threads', async (_, awaited) => {
    const runner = new WorkerRunner({ size: 3 });
    try {
      const started = runner.prestart();
      if (awaited) await started;
      expect(runner.stats.threadsStarted).toBe(3);
      expect(await runMany(runner, 12)).toEqual(Array.from({ length: 12 }, (_, n) => n * 2));
      await started;
      await runner.prestart();
      expect(await runMany(runner, 12)).toHaveLength(12);
      expect(runner.stats.threadsStarted).toBe(3);
    } finally {
      await runner.close();
    }
  });

  it('starts only the threads asked for; a run arriving meanwhile waits for them', async () => {
    const runner = new WorkerRunner({ size: 3 });
    try {
      const started = runner.prestart(1);
      expect(runner.stats.threadsStarted).toBe(1);
      expect(await runMany(runner, 1)).toEqual([0]);
      await started;
      expect(runner.stats.threadsStarted).toBe(1);
      expect(await runMany(runner, 6)).toHaveLength(6);
      expect(runner.stats.threadsStarted).toBe(3);
    } finally {
      await runner.close();
    }
  });

  it('fills a pool whose first thread started with a run', async () => {
    const runner = new WorkerRunner({ size: 2 });
    try {
      await runMany(runner, 1);
      expect(runner.stats.threadsStarted).toBe(1);
      await runner.prestart();
      expect(runner.stats.threadsStarted).toBe(2);
      await runMany(runner, 6);
      expect(runner.stats.threadsStarted).toBe(2);
    } finally {
      await runner.close();
    }
  });

  it('rejects when no thread can start, and runs still try again', async () => {
    const broken = new WorkerRunner({
      size: 2,
      workerScript: new URL('./testing/missing-thread.js', import.meta.url),
    });
    try {
      await expect(broken.prestart()).rejects.toThrow(/^A worker thread failed to start: Cannot find module/);
      await expect(broken.run(executeRequest(version), host)).rejects.toThrow(
        /^A worker thread failed to start/,
      );
      expect(broken.stats.threadsStarted).toBe(3);
    } finally {
      await broken.close();
    }
  });

  it('rejects when the runner is closed first, or already', async () => {
    const runner = new WorkerRunner({ size: 1 });
    const started = expect(runner.prestart()).rejects.toThrow(
      'The WorkerRunner was closed before a worker thread was ready',
    );
    await runner.close();
    await started;
    await expect(runner.prestart()).rejects.toThrow('The WorkerRunner is closed');
  });

  it('leaves idle threads that do not keep the process alive (the child exits by itself)', async () => {
    const runnerModule = fileURLToPath(new URL('./worker-runner.ts', import.meta.url));
    const script = `
      const { WorkerRunner } = await import(${JSON.stringify(runnerModule)});
      const runner = new WorkerRunner({ size: 2 });
      await runner.prestart();
      process.stdout.write('ready ' + runner.stats.threadsStarted);
    `;
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', script],
        { timeout: 15_000 },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    );
    expect(stdout).toBe('ready 2');
  });
});
