import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import { code, flow, piece } from '@piecework/shared/testing';
import { createTestPieces } from '../testing/test-pieces';
import { executeRequest } from './test-requests';
import { WorkerRunner } from './worker-runner';

const pieceThread = new URL('./testing/piece-thread.ts', import.meta.url);
const runner = new WorkerRunner({ size: 1, workerScript: pieceThread, threadSettings: { marker: 'm-1' } });
afterAll(() => runner.close());

function testHost() {
  const pieces = createTestPieces();
  return { pieces, host: createMemoryHost({ pieces }) };
}

describe('runWorkerThread with a pieces setup', () => {
  it('runs the pieces its runner takes in the thread, with host services from the main thread', async () => {
    const { host, pieces } = testHost();
    const version = flow(piece('step_1', 'in_thread', { value: "{{trigger['output'].n}}" }));
    const result = await runner.run(executeRequest(version, { n: 7 }), host);
    expect(result.status).toBe('SUCCEEDED');
    const output = result.steps.step_1?.output as { marker: string; threadId: number; stored: unknown };
    expect(output).toMatchObject({ marker: 'm-1', stored: 7 });
    expect(output.threadId).not.toBe(threadId);
    expect(await host.store.get('seen', 'FLOW')).toBe(7);
    expect(pieces.calls).toEqual([]);
  });

  it('sends the pieces its runner delegates to the host of the run, in order with the others', async () => {
    const { host, pieces } = testHost();
    const version = flow(
      piece('step_1', 'in_thread', { value: 1 }),
      code('step_2', 'return 2'),
      piece('step_3', 'echo', { after: "{{step_2['output']}}" }),
      piece('step_4', 'in_thread', { value: 4 }),
    );
    const result = await runner.run(executeRequest(version), host);
    expect(result.status).toBe('SUCCEEDED');
    expect(result.steps.step_3?.output).toEqual({ after: 2 });
    expect(pieces.calls.map((call) => call.stepName)).toEqual(['step_3']);
    expect(await host.store.get('seen', 'FLOW')).toBe(4);
  });

  it.each([
    ['throws', 'throw', 'no pieces here'],
    ['rejects', 'reject', 'no pieces yet'],
  ])('keeps the thread from starting when the setup %s', async (_, fail, message) => {
    const broken = new WorkerRunner({
      size: 1,
      workerScript: pieceThread,
      threadSettings: { marker: 'x', fail },
    });
    try {
      await expect(broken.prestart()).rejects.toThrow(
        `A worker thread failed to start: The worker thread's setup failed: ${message}`,
      );
      await expect(
        broken.run(executeRequest(flow(code('step_1', 'return 1'))), testHost().host),
      ).rejects.toThrow(/^A worker thread failed to start: The worker thread's setup failed/);
    } finally {
      await broken.close();
    }
  });

  it('refuses threadSettings that cannot cross into a thread', () => {
    expect(() => new WorkerRunner({ threadSettings: { run: () => 1 } })).toThrow(
      /^WorkerRunner threadSettings must be plain data: /,
    );
  });
});
