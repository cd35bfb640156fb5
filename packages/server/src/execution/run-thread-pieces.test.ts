import type { PieceRunner } from '@piecework/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser } from '../testing/test-users';
import {
  chain,
  newRun,
  pieceAction,
  publishedFlow,
  waitForRun,
} from '../testing/features/run-runtime-test-kit';

/** A date step (now, as epoch ms, by the clock of the host the piece runs with), then math and Return Response. */
const steps = chain([
  pieceAction('step_1', '@activepieces/piece-date-helper', 'get_current_date', {
    timeFormat: 'x',
    timeZone: 'UTC',
  }),
  pieceAction('step_2', '@activepieces/piece-math-helper', 'addition_math', {
    first_number: "{{trigger['output'].body.n}}",
    second_number: 41,
  }),
  pieceAction('step_3', '@activepieces/piece-webhook', 'return_response', {
    responseType: 'json',
    fields: { status: 200, body: { sum: "{{step_2['output']}}" } },
    respond: 'stop',
  }),
]);
const mainThreadTime = new Date('2001-02-03T04:05:06.000Z');

let server: TestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

/** Runs the flow with the main thread's `Date` set to 2001 (worker threads keep the real clock). */
async function runWithMainClockIn2001(pieces?: PieceRunner) {
  server = await startTestServer({}, { runs: { workerThreads: 1, ...(pieces ? { pieces } : {}) } });
  const user = await signUpTestUser(server);
  const flow = await publishedFlow(server, user, steps);
  vi.setSystemTime(mainThreadTime);
  const { run } = await server.server.context.runs.createRun(newRun(flow, user));
  const answer = await server.server.context.runs.awaitResponse(run.id, 10_000);
  const done = await waitForRun(server, run.id);
  vi.useRealTimers();
  return { answer, done };
}

describe('piece steps of a server run', () => {
  it('run built-in pieces in the engine worker thread, not through the main thread', async () => {
    const { answer, done } = await runWithMainClockIn2001();
    expect(done.status).toBe('SUCCEEDED');
    expect(answer).toMatchObject({ kind: 'RESPONDED', response: { status: 200, body: { sum: 42 } } });
    // The date piece read the worker thread's clock: had it run on the main thread, it would say 2001.
    const now = Number((done.steps!['step_1']!.output as { result: string }).result);
    expect(now).toBeGreaterThan(Date.parse('2020-01-01T00:00:00.000Z'));
  });

  it('all go to the main thread when a custom piece runner is given', async () => {
    const calls: string[] = [];
    const pieces: PieceRunner = {
      run: async (request) => {
        calls.push(request.stepName);
        if (request.stepName === 'step_3')
          return { status: 'STOPPED', response: { status: 200, body: { sum: 0 }, headers: {} } };
        return { status: 'SUCCEEDED', output: { result: String(request.services.now()) } };
      },
    };
    const { done } = await runWithMainClockIn2001(pieces);
    expect(done.status).toBe('SUCCEEDED');
    expect(calls).toEqual(['step_1', 'step_2', 'step_3']);
    expect(done.steps!['step_1']!.output).toEqual({ result: String(mainThreadTime.getTime()) });
  });
});
