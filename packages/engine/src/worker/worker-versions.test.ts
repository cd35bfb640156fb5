import type { FlowVersion } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import { code, flow } from '@piecework/shared/testing';
import { HELD_VERSIONS_LIMIT } from './sent-versions';
import { executeRequest } from './test-requests';
import { WorkerRunner } from './worker-runner';

const host = createMemoryHost();
const versionReturning = (value: string): FlowVersion => ({
  ...flow(code('step_1', `return ${JSON.stringify(value)} + inputs.n`, { n: "{{trigger['output'].n}}" })),
  id: `version_${value}`,
  state: 'LOCKED',
});

async function outputOf(runner: WorkerRunner, version: FlowVersion, n: number): Promise<unknown> {
  const result = await runner.run(executeRequest(version, { n }), host);
  expect(result.status).toBe('SUCCEEDED');
  return result.steps.step_1!.output;
}

async function withRunner(size: number, test: (runner: WorkerRunner) => Promise<void>): Promise<void> {
  const runner = new WorkerRunner({ size });
  try {
    await test(runner);
  } finally {
    await runner.close();
  }
}

describe('WorkerRunner flow versions', () => {
  it('posts a version object once per thread, however often it runs', () =>
    withRunner(2, async (runner) => {
      const version = versionReturning('v');
      for (let n = 0; n < 5; n++) expect(await outputOf(runner, version, n)).toBe(`v${n}`);
      const outputs = await Promise.all(Array.from({ length: 20 }, (_, n) => outputOf(runner, version, n)));
      expect(outputs).toEqual(Array.from({ length: 20 }, (_, n) => `v${n}`));
      const { threadsStarted, versionsSent } = runner.stats;
      expect(threadsStarted).toBe(2);
      expect(versionsSent).toBeGreaterThanOrEqual(1);
      expect(versionsSent).toBeLessThanOrEqual(threadsStarted);
    }));

  it('runs each version with its own code when versions alternate, and an equal copy as its own', () =>
    withRunner(1, async (runner) => {
      const [one, two] = [versionReturning('one'), versionReturning('two')];
      for (let n = 0; n < 6; n++) {
        expect(await outputOf(runner, n % 2 ? two : one, n)).toBe(`${n % 2 ? 'two' : 'one'}${n}`);
      }
      expect(runner.stats.versionsSent).toBe(2);
      expect(await outputOf(runner, structuredClone(one), 9)).toBe('one9');
      expect(runner.stats.versionsSent).toBe(3);
    }));

  it(`keeps at most ${HELD_VERSIONS_LIMIT} versions per thread, least recently used out first`, () =>
    withRunner(1, async (runner) => {
      const count = HELD_VERSIONS_LIMIT + 6;
      const versions = Array.from({ length: count }, (_, i) => versionReturning(`v${i}-`));
      for (const [i, version] of versions.entries())
        expect(await outputOf(runner, version, i)).toBe(`v${i}-${i}`);
      expect(runner.stats.versionsSent).toBe(count);
      // The most recent ones are held: only their keys cross.
      for (let i = count - 1; i >= count - HELD_VERSIONS_LIMIT; i--)
        expect(await outputOf(runner, versions[i]!, 0)).toBe(`v${i}-0`);
      expect(runner.stats.versionsSent).toBe(count);
      // The first ones were evicted: sent again, and still run as themselves.
      for (let i = 0; i < 6; i++) expect(await outputOf(runner, versions[i]!, 1)).toBe(`v${i}-1`);
      expect(runner.stats.versionsSent).toBe(count + 6);
    }));

  it('a thread that replaces a stopped one is sent the version again', async () => {
    const runner = new WorkerRunner({ size: 1, graceMs: 0, options: { flowTimeoutSeconds: 1 } });
    try {
      const version = versionReturning('v');
      expect(await outputOf(runner, version, 1)).toBe('v1');
      const stuck = flow(code('hog', "return new Array(1e9).join('x').length"));
      const stopped = await runner.run(executeRequest(stuck), host);
      expect(['TIMEOUT', 'MEMORY_LIMIT_EXCEEDED']).toContain(stopped.status);
      expect(await outputOf(runner, version, 2)).toBe('v2');
      expect(runner.stats).toEqual({ threadsStarted: 2, threadsAdopted: 0, versionsSent: 3 });
    } finally {
      await runner.close();
    }
  });
});
