import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopulatedFlow } from '@piecework/shared';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import { chain, code, newRun, publishedFlow, waitForRun } from '../testing/features/run-runtime-test-kit';

let server: TestServer;
let user: TestUser;
let flow: PopulatedFlow;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  flow = await publishedFlow(
    server,
    user,
    chain([code('step_1', 'return inputs;', { n: "{{trigger['output'].body.n}}" })]),
  );
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

const context = () => server.server.context;

async function setCredits(credits: number | null): Promise<void> {
  await context().store.write((trx) =>
    trx.updateTable('platform').set({ credits }).where('id', '=', user.platformId).execute(),
  );
}

async function credits(): Promise<number | null> {
  const row = await context()
    .store.db.selectFrom('platform')
    .select('credits')
    .where('id', '=', user.platformId)
    .executeTakeFirstOrThrow();
  return row.credits;
}

describe('run credits', () => {
  it('20 concurrent production runs with 1 credit left: exactly one is queued, 19 QUOTA_EXCEEDED', async () => {
    await setCredits(1);
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        context().runs.createRun(newRun(flow, user, { triggerPayload: { body: { n } } })),
      ),
    );
    expect(created.filter((run) => run.queued)).toHaveLength(1);
    const refused = created.filter((run) => !run.queued);
    expect(refused).toHaveLength(19);
    for (const { run } of refused)
      expect(run).toMatchObject({ status: 'QUOTA_EXCEEDED', finishTime: expect.any(String) });
    expect(await credits()).toBe(0);
    const jobs = await context().store.db.selectFrom('job').select('runId').execute();
    expect(jobs.map((job) => job.runId).filter((id) => refused.some(({ run }) => run.id === id))).toEqual([]);
    const queued = created.find((run) => run.queued)!;
    expect((await waitForRun(server, queued.run.id)).status).toBe('SUCCEEDED');
  });

  it('keeps the payload of a QUOTA_EXCEEDED run; a retry once credits exist runs it, taking a credit', async () => {
    await setCredits(0);
    const { run, queued } = await context().runs.createRun(
      newRun(flow, user, { triggerPayload: { body: { n: 7 } } }),
    );
    expect(queued).toBe(false);
    await expect(context().runs.enqueue(run.id, { kind: 'RETRY_FROM_FAILED_STEP' })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
    await setCredits(5);
    await context().runs.enqueue(run.id, { kind: 'RETRY_FROM_FAILED_STEP' });
    const done = await waitForRun(server, run.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', steps: { step_1: { output: { n: 7 } } } });
    expect(await credits()).toBe(4);
  });

  it('TESTING runs never consume credits, even with none left', async () => {
    await setCredits(0);
    const { run, queued } = await context().runs.createRun(newRun(flow, user, { environment: 'TESTING' }));
    expect(queued).toBe(true);
    expect((await waitForRun(server, run.id)).status).toBe('SUCCEEDED');
    expect(await credits()).toBe(0);
  });

  it('unlimited credits (null) are never written', async () => {
    await setCredits(null);
    const { queued } = await context().runs.createRun(newRun(flow, user));
    expect(queued).toBe(true);
    expect(await credits()).toBeNull();
  });
});
