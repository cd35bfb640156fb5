import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { procStatFields } from '../testing/proc-stat';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser } from '../testing/test-users';
import { ENGINE_THREAD_NICENESS } from './lower-thread-priority';
import { chain, code, newRun, publishedFlow, waitForRun } from '../testing/features/run-runtime-test-kit';

/** The niceness of each thread of this process, by thread id (from /proc). */
function nicenessByThread(): Map<number, number> {
  const byThread = new Map<number, number>();
  for (const id of readdirSync('/proc/self/task')) {
    try {
      byThread.set(Number(id), Number(procStatFields(`/proc/self/task/${id}/stat`)[16])); // nice
    } catch {
      // The thread ended meanwhile.
    }
  }
  return byThread;
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.runIf(process.platform === 'linux')('engine thread priority', () => {
  it('runs the engine threads at a lower priority than the main thread, which keeps its own', async () => {
    const before = nicenessByThread();
    server = await startTestServer({}, { runs: { workerThreads: 2 } });
    const user = await signUpTestUser(server);
    const flow = await publishedFlow(server, user, chain([code('step_1', 'return 1;')]));
    const runs = await Promise.all(
      [1, 2].map(() => server!.server.context.runs.createRun(newRun(flow, user))),
    );
    for (const { run } of runs) expect((await waitForRun(server, run.id)).status).toBe('SUCCEEDED');

    const after = nicenessByThread();
    const lowered = [...after].filter(([id, nice]) => !before.has(id) && nice === ENGINE_THREAD_NICENESS);
    expect(lowered.length).toBeGreaterThanOrEqual(1);
    // The main thread's id is the process id.
    expect(after.get(process.pid)).toBe(before.get(process.pid));
    expect(after.get(process.pid)).toBe(0);
  });
});
