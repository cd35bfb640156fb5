import { EventEmitter } from 'eventemitter3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineEvents } from '../run/engine-events';
import { createMemoryHost } from '../host/memory-host';
import { code, flow, loop } from '@piecework/shared/testing';
import { executeRequest } from './test-requests';
import { WorkerRunner } from './worker-runner';

const graceMs = 1000;
/** When the runner stops a thread (flowTimeoutSeconds 1 plus the grace), with room for a busy machine. */
const hardDeadlineMs = 1000 + graceMs;
const slackMs = 1000;
const runner = new WorkerRunner({ size: 2, graceMs, maxHeapMb: 128, options: { flowTimeoutSeconds: 1 } });
const host = createMemoryHost();
const simple = flow(code('step_1', 'return 42'));

// Deadlines count from when a thread takes the run: start both threads first (given a minute:
// on a crowded 2-core machine starting them took past vitest's default 10 s for a hook).
beforeAll(
  () => Promise.all([runner.run(executeRequest(simple), host), runner.run(executeRequest(simple), host)]),
  60_000,
);
afterAll(() => runner.close());

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work;
  return { value, ms: performance.now() - start };
}

describe('WorkerRunner limits', () => {
  const hardLimits = ['MEMORY_LIMIT_EXCEEDED', 'TIMEOUT'];
  it.each([
    ['a long built-in call', "return new Array(1e9).join('x').length", hardLimits],
    ['a huge string', "return 'x'.repeat(2 ** 28)", hardLimits],
    ['a huge typed array', 'return new Uint8Array(2 ** 30).length', hardLimits],
    ['a stack overflow', 'const f = () => f() + 1; return f()', ['FAILED']],
  ])('%s ends the run by the hard deadline', async (_, body, statuses) => {
    const { value: result, ms } = await timed(runner.run(executeRequest(flow(code('hog', body))), host));
    expect(statuses).toContain(result.status);
    expect(ms).toBeLessThan(hardDeadlineMs + slackMs);
  });

  it('an endless loop ends TIMEOUT by the hard deadline, with the records so far', async () => {
    const version = flow(
      code('first', 'return 1'),
      loop('loop', '{{[1, 2]}}', [
        code('spin', 'if (inputs.i === 2) { while (true) {} } return inputs.i', {
          i: "{{loop['output'].item}}",
        }),
      ]),
    );
    const { value: result, ms } = await timed(runner.run(executeRequest(version, { a: 1 }), host));
    expect(result).toMatchObject({
      status: 'TIMEOUT',
      steps: { trigger: { output: { a: 1 } }, first: { status: 'SUCCEEDED', output: 1 } },
    });
    expect(ms).toBeLessThan(hardDeadlineMs + slackMs);
  });

  it('other runs go on while one is stopped, and the pool heals', async () => {
    const stuck = runner.run(
      executeRequest(flow(code('hog', "return new Array(1e9).join('x').length"))),
      host,
    );
    const [fine, stopped] = await Promise.all([runner.run(executeRequest(simple), host), stuck]);
    expect(fine.status).toBe('SUCCEEDED');
    expect(['MEMORY_LIMIT_EXCEEDED', 'TIMEOUT']).toContain(stopped.status);
    const after = await Promise.all([
      runner.run(executeRequest(simple), host),
      runner.run(executeRequest(simple), host),
    ]);
    expect(after.map((result) => result.steps.step_1?.output)).toEqual([42, 42]);
  });

  it.each([
    ['oom', 'MEMORY_LIMIT_EXCEEDED', 'The run exceeded the memory limit of its worker thread (64 MB)'],
    ['crash', 'INTERNAL_ERROR', 'Internal error: the worker thread crashed: thread broke'],
    ['exit', 'INTERNAL_ERROR', 'Internal error: the worker thread exited with code 3'],
    ['unsent', 'INTERNAL_ERROR', 'Internal error: the step.finished event is odd'],
  ])('a thread that dies (%s) ends the run %s, and is replaced', async (mode, status, message) => {
    const failing = new WorkerRunner({
      size: 1,
      maxHeapMb: 64,
      workerScript: new URL('./testing/failing-thread.ts', import.meta.url),
    });
    try {
      const first = await failing.run(executeRequest(simple, { mode }), host);
      expect(first).toMatchObject({
        status,
        message,
        steps: { trigger: { output: { mode } } },
        stepsCount: 0,
      });
      const second = await failing.run(executeRequest(simple, { mode }), host);
      expect(second.status).toBe(status);
    } finally {
      await failing.close();
    }
  });
});

describe('WorkerRunner lifecycle', () => {
  it('rejects a run when its thread cannot start, and tries again for the next one', async () => {
    const broken = new WorkerRunner({
      workerScript: new URL('./testing/missing-thread.js', import.meta.url),
    });
    try {
      await expect(broken.run(executeRequest(simple), host)).rejects.toThrow(
        /^A worker thread failed to start: Cannot find module/,
      );
      await expect(broken.run(executeRequest(simple), host)).rejects.toThrow(
        /^A worker thread failed to start/,
      );
    } finally {
      await broken.close();
    }
  });

  it('close() rejects the runs still running or waiting, and any later run', async () => {
    const closing = new WorkerRunner({ size: 1 });
    const events = new EventEmitter<EngineEvents>();
    const closed = new Promise<void>((resolve) =>
      events.once('step.started', () => resolve(closing.close())),
    );
    const spinning = closing.run(executeRequest(flow(code('spin', 'while (true) {}'))), host, events);
    const waiting = closing.run(executeRequest(simple), host);
    await expect(spinning).rejects.toThrow('The WorkerRunner was closed before the run finished');
    await expect(waiting).rejects.toThrow('The WorkerRunner was closed before the run finished');
    await closed;
    await expect(closing.run(executeRequest(simple), host)).rejects.toThrow('The WorkerRunner is closed');
  });
});
