import { describe, expect, it } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import type { PieceRunRequest } from '../host/piece-runner';
import type { EngineRequest } from '../run/engine-request';
import { flow } from '@piecework/shared/testing';
import { ActiveJob, type WorkerJob } from './worker-job';

const run = { id: 'run-1', flowId: 'f', flowVersionId: 'v', projectId: 'p', environment: 'TESTING' } as const;

/** An active job whose host's piece runner keeps the signals it is given. */
function activeJob() {
  const signals: AbortSignal[] = [];
  const host = createMemoryHost({
    pieces: {
      async run(request) {
        signals.push(request.signal!);
        return { status: 'SUCCEEDED', output: null };
      },
    },
  });
  const request: EngineRequest = { kind: 'EXECUTE', flowVersion: flow(), run, triggerPayload: {} };
  const job: WorkerJob = { request, host, events: undefined, group: '', resolve: () => {}, reject: () => {} };
  return { active: new ActiveJob(1, job), signals };
}

const pieceCall = (): PieceRunRequest => ({
  pieceName: 'test',
  pieceVersion: '1.0.0',
  actionName: 'echo',
  stepName: 'step_1',
  input: {},
  propertySettings: {},
  run,
  test: false,
  services: createMemoryHost(),
});

describe("ActiveJob's piece calls (those a thread hands to the main thread)", () => {
  it.each([
    [
      "with the thread's result",
      (active: ActiveJob) => active.resolve({ status: 'SUCCEEDED', steps: {}, duration: 0, stepsCount: 0 }),
    ],
    ['by the parent (TIMEOUT, a stop)', (active: ActiveJob) => active.end('TIMEOUT', 'too long')],
    ['without a result', (active: ActiveJob) => active.reject(new Error('closed'))],
  ])('get a signal aborted once the job ends %s', async (_, end) => {
    const { active, signals } = activeJob();
    await active.job.host.pieces.run(pieceCall());
    expect(signals.map((signal) => signal.aborted)).toEqual([false]);
    end(active);
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    await active.job.host.pieces.run(pieceCall());
    expect(signals[1]!.aborted).toBe(true);
  });
});
