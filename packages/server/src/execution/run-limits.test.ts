import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import { chain, code, newRun, publishedFlow, waitForRun } from '../testing/features/run-runtime-test-kit';

/**
 * The flow time limit of the first server: room for the quick runs below to end before the endless
 * one does, also when other work crowds the machine's cores.
 */
const FLOW_TIMEOUT_SECONDS = 5;

let server: TestServer;
let user: TestUser;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer(
    // At most 2 runs at once per process (as many as threads): the warm-up below fills every one.
    { AP_FLOW_TIMEOUT_SECONDS: String(FLOW_TIMEOUT_SECONDS), AP_WORKER_CONCURRENCY: '2' },
    { runs: { workerThreads: 2, maxHeapMb: 128, engine: { codeMemoryLimitMb: 32 } } },
  );
  user = await signUpTestUser(server);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

const runs = () => server.server.context.runs;

describe('run limits', () => {
  // Up to 90 s: the endless run alone takes its 5 s time limit, and the warm-up up to 45 s on a
  // crowded machine.
  it('ends an endless code step TIMEOUT while other runs keep finishing quickly', async () => {
    const endless = await publishedFlow(server, user, chain([code('step_1', 'while (true) {}')]));
    const quick = await publishedFlow(server, user, chain([code('step_1', 'return 1;')]));
    const warm = await publishedFlow(
      server,
      user,
      chain([code('step_1', 'const end = Date.now() + 200; while (Date.now() < end) {} return 1;')]),
    );
    // Every worker thread started (as they are after the first runs of a server): 4 runs at once,
    // 2 per process, reach both threads of one server, and of each of a cluster's 2 workers.
    // Starting them takes seconds on a cluster (each worker starts its threads), three times that
    // when other test files crowd the cores: up to 45 s.
    const warmUp = await Promise.all([1, 2, 3, 4].map(() => runs().createRun(newRun(warm, user))));
    await Promise.all(warmUp.map(({ run }) => waitForRun(server, run.id, undefined, 45_000)));
    const { run } = await runs().createRun(newRun(endless, user));
    await waitForRun(server, run.id, ['RUNNING']);
    const others = [];
    for (let i = 0; i < 5; i++) {
      const other = await runs().createRun(newRun(quick, user));
      others.push(await waitForRun(server, other.run.id));
    }
    const done = await waitForRun(server, run.id);
    expect(done.status).toBe('TIMEOUT');
    // The quick runs did not wait for the endless one: each ended before it did.
    for (const other of others) {
      expect(other.status).toBe('SUCCEEDED');
      expect(Date.parse(other.finishTime!)).toBeLessThan(Date.parse(done.finishTime!));
    }
    // Stopped within 2.5 s of its time limit.
    expect(Date.parse(done.finishTime!) - Date.parse(done.startTime!)).toBeLessThan(
      FLOW_TIMEOUT_SECONDS * 1000 + 2_500,
    );
  }, 90_000);
});

describe('run memory limit', () => {
  // A flow timeout far above the allocation's time: a run's thread drops to the lowest priority
  // once it is held, and on a crowded machine 2 s could end it TIMEOUT before the limit is hit.
  let roomy: TestServer;
  let owner: TestUser;
  // Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
  beforeAll(async () => {
    roomy = await startTestServer(
      { AP_FLOW_TIMEOUT_SECONDS: '60', AP_WORKER_CONCURRENCY: '2' },
      { runs: { workerThreads: 2, maxHeapMb: 128, engine: { codeMemoryLimitMb: 32 } } },
    );
    owner = await signUpTestUser(roomy);
  }, 60_000);
  // Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
  afterAll(() => roomy.close(), 60_000);

  it('ends a huge allocation MEMORY_LIMIT_EXCEEDED', async () => {
    const greedy = await publishedFlow(
      roomy,
      owner,
      chain([code('step_1', 'const kept = []; while (true) kept.push("x".repeat(1000000) + kept.length);')]),
    );
    const { run } = await roomy.server.context.runs.createRun(newRun(greedy, owner));
    const done = await waitForRun(roomy, run.id);
    expect(done.status).toBe('MEMORY_LIMIT_EXCEEDED');
  });
});
