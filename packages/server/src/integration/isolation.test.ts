/**
 * A code step that never ends, or that allocates without limit, ends its own run (TIMEOUT,
 * MEMORY_LIMIT_EXCEEDED) and nothing else: other runs keep answering while it is still running.
 *
 * The server has two engine threads and starts one ahead of runs; the other starts with the first
 * run that finds the first one busy, and loading it took 5 to 10 s with both cores busy. Each test
 * therefore first has two runs held in the threads at once (both call a loopback server that
 * answers only once both calls arrived), so that the runaway run holds one ready thread and the
 * quick runs get the other, rather than wait for it to load.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import type { FlowRunStatus, StepRequest } from '@piecework/shared';
import { code, returnResponse, webhookTrigger } from '../testing/features/flow-test-kit';
import { pieceAction } from '../testing/features/run-runtime-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

/** The engine threads of the server: one for the runaway run, one for the others. */
const THREADS = 2;

let server: TestServer | undefined;
let barrier: Barrier | undefined;
let user: TestUser;
let client: PieceworkClient;
afterEach(async () => {
  await server?.close();
  await barrier?.close();
  server = undefined;
  barrier = undefined;
});

/** A loopback HTTP server answering its requests in groups (see {@link startBarrier}). */
interface Barrier {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that holds every request until `count` of them are waiting, then
 * answers them all `{}`: runs that call it end only once `count` of them run at the same time.
 */
async function startBarrier(count: number): Promise<Barrier> {
  let waiting: ServerResponse[] = [];
  const http = createServer((_request, response) => {
    waiting.push(response);
    if (waiting.length < count) return;
    for (const held of waiting) held.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    waiting = [];
  });
  await new Promise<void>((listening) => http.listen(0, '127.0.0.1', listening));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    close: () =>
      new Promise<void>((closed) => {
        http.closeAllConnections();
        http.close(() => closed());
      }),
  };
}

async function publishedFlow(steps: StepRequest[]): Promise<string> {
  const flow = await client.flows.create({ displayName: 'Isolation', projectId: user.projectId ?? '' });
  await client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  let parentStep = 'trigger';
  for (const action of steps) {
    await client.flows.update(flow.id, { type: 'ADD_ACTION', request: { parentStep, action } });
    parentStep = action.name;
  }
  await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  return flow.id;
}

/** The steps of the quick flow: a code step, then the flow's answer. */
const quickSteps = (): StepRequest[] => [
  code('step_1', 'return { ok: true };'),
  returnResponse('step_2', { status: 200, body: { ok: true } }),
];

async function statusOf(runId: string): Promise<FlowRunStatus> {
  return (await client.flowRuns.get(runId)).status;
}

async function waitFor(runId: string, wanted: (status: FlowRunStatus) => boolean): Promise<FlowRunStatus> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await statusOf(runId);
    if (wanted(status)) return status;
    if (Date.now() > deadline) throw new Error(`run ${runId} stayed ${status}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/**
 * Starts the server with `env` and `codeMemoryLimitMb`, then has every engine thread started and
 * warm (engine, first piece call, first code step): `THREADS` runs that each wait at the barrier
 * until all of them run at once, then run the quick flow's steps.
 */
async function startWarmServer(env: Record<string, string>, codeMemoryLimitMb?: number): Promise<TestServer> {
  const gate = await startBarrier(THREADS);
  barrier = gate;
  const started = await startTestServer(
    { ...env, AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '4', AP_SSRF_ALLOW_LIST: '127.0.0.1' },
    { runs: { workerThreads: THREADS, ...(codeMemoryLimitMb ? { engine: { codeMemoryLimitMb } } : {}) } },
  );
  server = started;
  user = await signUpTestUser(started);
  client = createPieceworkClient({ baseUrl: started.url, token: user.token });
  const atBarrier = pieceAction('step_0', '@activepieces/piece-http', 'send_request', {
    method: 'GET',
    url: gate.url,
    failureMode: 'continue_none',
  });
  const warm = await publishedFlow([atBarrier, ...quickSteps()]);
  const runIds = await Promise.all(
    Array.from({ length: THREADS }, async () => {
      const answer = await fetch(`${started.apiUrl}/v1/webhooks/${warm}`, { method: 'POST', body: '{}' });
      return answer.headers.get('x-webhook-id') ?? '';
    }),
  );
  for (const runId of runIds)
    expect(await waitFor(runId, (status) => status !== 'QUEUED' && status !== 'RUNNING')).toBe('SUCCEEDED');
  return started;
}

describe('runaway code steps', () => {
  it.each([
    // The run's time limit is what ends it.
    ['an infinite loop', 'while (true) {}', 'TIMEOUT', '5', undefined],
    // The code's memory limit is what ends it. Filling it is CPU work (0.76 s for 128 MB on an
    // idle core) done at the lowest priority once the thread counts as held, so with both cores
    // busy a 5 s time limit ended the run first (TIMEOUT): this server's limits are 32 MB, a
    // quarter of the work, and 60 s, far beyond what filling them takes.
    [
      'a huge allocation',
      'const a = []; while (true) a.push(new Array(1e6).fill(1));',
      'MEMORY_LIMIT_EXCEEDED',
      '60',
      32,
    ],
  ])(
    '%s ends its own run, while other runs keep answering',
    async (_, hogCode, expected, flowTimeoutSeconds, codeMemoryLimitMb) => {
      const { apiUrl } = await startWarmServer(
        { AP_FLOW_TIMEOUT_SECONDS: flowTimeoutSeconds },
        codeMemoryLimitMb,
      );
      const hog = await publishedFlow([code('step_1', hogCode)]);
      const quick = await publishedFlow(quickSteps());
      const started = await fetch(`${apiUrl}/v1/webhooks/${hog}`, { method: 'POST', body: '{}' });
      const hogRun = started.headers.get('x-webhook-id') ?? '';
      await waitFor(hogRun, (status) => status !== 'QUEUED');
      const quickRuns: string[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await fetch(`${apiUrl}/v1/webhooks/${quick}/sync`, {
          method: 'POST',
          body: '{}',
        });
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({ ok: true });
        quickRuns.push(answer.headers.get('x-webhook-id') ?? '');
      }
      expect(await waitFor(hogRun, (status) => status !== 'RUNNING' && status !== 'QUEUED')).toBe(expected);
      // The quick runs did not wait for the runaway one: they all ended before it did.
      const hogEnd = (await client.flowRuns.get(hogRun)).finishTime ?? '';
      for (const id of quickRuns) {
        const run = await client.flowRuns.get(id);
        expect(run.status).toBe('SUCCEEDED');
        if (expected === 'TIMEOUT') expect((run.finishTime ?? '') < hogEnd).toBe(true);
      }
    },
    60_000,
  );
});
