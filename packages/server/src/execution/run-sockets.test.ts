/**
 * A run that ends closes the connections its piece steps opened, however it ends: past its time
 * limit (TIMEOUT), canceled (CANCELED) or failed (FAILED); for a built-in piece (in the engine
 * thread) and an npm piece (in a piece process) alike. The remote is a tarpit: it accepts every
 * connection, reads the request and never answers, so only the run's end closes them. Each test
 * waits until the step's request reached it, then until the run ended, then until every
 * connection it accepted since is closed again (their sockets' 'close' events).
 */
import { join } from 'node:path';
import type { FlowRun, FlowRunStatus, StepRequest } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarpitServer, type TarpitServer } from '../../../pieces/src/http/testing/tarpit-server';
import { placeFixturePiece } from '../testing/test-pieces';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testsRunOnCluster } from '../testing/test-store';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import {
  chain,
  newRun,
  pieceAction,
  publishedFlow,
  waitForRun,
} from '../testing/features/run-runtime-test-kit';

/** The flows' time limit: room for a step's request to reach the tarpit on a crowded machine. */
const FLOW_TIMEOUT_SECONDS = 8;
/** Room for a few runs to reach their time limit and end. */
const TEST_TIMEOUT_MS = 90_000;
/** A URL nothing listens on: a request to it fails at once. */
const NOTHING_LISTENS = 'http://127.0.0.1:1/';

let server: TestServer;
let user: TestUser;
let tarpit: TarpitServer;

/** The pieces directories of the server: the one publishing flows, and a cluster's workers, which run them. */
function piecesDirs(): string[] {
  const own = server.server.context.settings.piecesDir;
  if (!testsRunOnCluster()) return [own];
  return [own, ...['worker-1', 'worker-2'].map((worker) => join(server.dataDir, worker, 'pieces'))];
}

/** The built-in HTTP piece's Send HTTP request to `url`; `timeout` is its own limit, in seconds. */
function httpStep(url: string, timeout?: number): StepRequest {
  const input = { method: 'GET', url, ...(timeout === undefined ? {} : { timeout }) };
  return pieceAction('step_1', '@activepieces/piece-http', 'send_request', input);
}

/** An npm piece (run in a piece process) calling `url` with pieces-common's httpClient. */
function npmStep(url: string): StepRequest {
  return pieceAction('step_1', '@fixtures/piece-network', 'http_client', { url }, '1.0.0');
}

/** Runs a flow of `step` to its end. */
async function runToEnd(step: StepRequest): Promise<FlowRun> {
  const flow = await publishedFlow(server, user, chain([step]));
  const { run } = await server.server.context.runs.createRun(newRun(flow, user));
  return waitForRun(server, run.id, undefined, TEST_TIMEOUT_MS);
}

beforeAll(async () => {
  tarpit = await startTarpitServer();
  server = await startTestServer(
    { AP_FLOW_TIMEOUT_SECONDS: String(FLOW_TIMEOUT_SECONDS), AP_SSRF_ALLOW_LIST: '127.0.0.1' },
    { runs: { workerThreads: 1 } },
  );
  for (const dir of piecesDirs()) await placeFixturePiece(dir, 'piece-network', '1.0.0');
  user = await signUpTestUser(server);
  // Loads the engine thread and the npm piece's process before the tests' runs.
  await Promise.all([runToEnd(httpStep(NOTHING_LISTENS)), runToEnd(npmStep(NOTHING_LISTENS))]);
}, TEST_TIMEOUT_MS);
// Closing waits for engine threads still loading (those replacing the canceled runs' threads).
afterAll(async () => {
  await server.close();
  await tarpit.close();
}, TEST_TIMEOUT_MS);

/**
 * Runs a flow of `step` (a call to the tarpit) until its request reaches the tarpit, calls
 * `whileWaiting` (if given), and answers the run once it ended, with the number of connections
 * the tarpit had accepted before. A run that ends before its request reached the tarpit (a piece
 * process still loading the piece at the run's time limit) is run again, at most twice.
 */
async function runAgainstTarpit(step: StepRequest, whileWaiting?: (runId: string) => Promise<void>) {
  const flow = await publishedFlow(server, user, chain([step]));
  for (let attempt = 1; ; attempt++) {
    const before = { accepted: tarpit.accepted(), requested: tarpit.requested() };
    const { run } = await server.server.context.runs.createRun(newRun(flow, user));
    const ended = waitForRun(server, run.id, undefined, TEST_TIMEOUT_MS);
    const reached = await Promise.race([
      tarpit.requestedAtLeast(before.requested + 1).then(() => true),
      ended.then(() => false),
    ]);
    if (!reached && attempt < 3) continue;
    expect(reached, 'the step called the tarpit').toBe(true);
    await whileWaiting?.(run.id);
    return { done: await ended, before: before.accepted };
  }
}

/** Waits until every connection the tarpit accepted after the first `before` is closed again. */
async function expectNoConnectionLeft(before: number): Promise<void> {
  await expect.poll(() => tarpit.open(before)).toBe(0);
}

const STEPS = { 'the built-in HTTP piece': httpStep, 'an npm piece': npmStep };

describe('the connections of a run that ended', () => {
  it.each(Object.entries(STEPS))(
    '%s: are closed when the run passes its time limit (TIMEOUT)',
    async (_, step) => {
      const { done, before } = await runAgainstTarpit(step(tarpit.url));
      expect(done.status).toBe<FlowRunStatus>('TIMEOUT');
      await expectNoConnectionLeft(before);
    },
    TEST_TIMEOUT_MS,
  );

  it.each(Object.entries(STEPS))(
    '%s: are closed when the run is canceled (CANCELED)',
    async (_, step) => {
      const { done, before } = await runAgainstTarpit(step(tarpit.url), async (runId) => {
        await server.server.context.runs.cancel(user.projectId!, [runId]);
      });
      expect(done.status).toBe<FlowRunStatus>('CANCELED');
      await expectNoConnectionLeft(before);
    },
    TEST_TIMEOUT_MS,
  );

  // A run fails with a request in flight when the step's own limit gives up on it: the HTTP
  // piece's `timeout` aborts the request, which fails the step and the run. No other step can
  // fail the run meanwhile: a run's steps run one at a time.
  it(
    'the built-in HTTP piece: are closed when its request gives up and the run fails (FAILED)',
    async () => {
      const { done, before } = await runAgainstTarpit(httpStep(tarpit.url, 1));
      expect(done.status).toBe<FlowRunStatus>('FAILED');
      expect(done.steps?.['step_1']).toMatchObject({
        status: 'FAILED',
        errorMessage: `Request to ${tarpit.url} timed out`,
      });
      await expectNoConnectionLeft(before);
    },
    TEST_TIMEOUT_MS,
  );
});
