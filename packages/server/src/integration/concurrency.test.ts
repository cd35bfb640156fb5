/**
 * Concurrency through real HTTP: 200 webhooks at once across 3 projects with a per-project limit
 * of 2 (limits held, all runs finish, the small projects are not starved), and 20 concurrent sync
 * webhooks with 1 credit left (exactly one runs, the others answer 402 and are recorded
 * QUOTA_EXCEEDED).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import { codeStep, returnResponse, webhookTrigger } from '../testing/features/flow-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

let server: TestServer;
let user: TestUser;
let client: PieceworkClient;
// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer({ AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '2', AP_WORKER_CONCURRENCY: '8' });
  user = await signUpTestUser(server);
  client = createPieceworkClient({ baseUrl: server.url, token: user.token });
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

async function publishedFlow(projectId: string, respond = false): Promise<string> {
  const flow = await client.flows.create({ displayName: 'Busy', projectId });
  await client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  await client.flows.update(flow.id, {
    type: 'ADD_ACTION',
    request: { parentStep: 'trigger', action: codeStep('step_1', { n: "{{trigger['output']['body'].n}}" }) },
  });
  if (respond) {
    await client.flows.update(flow.id, {
      type: 'ADD_ACTION',
      request: {
        parentStep: 'step_1',
        action: returnResponse('step_2', { status: 200, body: { ok: true } }),
      },
    });
  }
  await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  return flow.id;
}

async function waitUntilFinished(projectId: string, count: number) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const rows = await server.server.context.store.db
      .selectFrom('flowRun')
      .select(['id', 'status', 'finishTime'])
      .where('projectId', '=', projectId)
      .execute();
    if (rows.length >= count && rows.every((row) => !['QUEUED', 'RUNNING'].includes(row.status))) return rows;
    if (Date.now() > deadline)
      throw new Error(`runs of ${projectId} did not finish: ${JSON.stringify(rows.length)}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('concurrency', () => {
  it('holds the per-project limit with 200 webhooks across 3 projects, and finishes them all', async () => {
    const projects = [
      (await client.projects.create({ displayName: 'Busy' })).id,
      (await client.projects.create({ displayName: 'Quiet one' })).id,
      (await client.projects.create({ displayName: 'Quiet two' })).id,
    ];
    const flows = await Promise.all(projects.map((projectId) => publishedFlow(projectId)));
    const shares = [140, 30, 30];
    let maxRunning = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const running = await server.server.context.store.db
          .selectFrom('flowRun')
          .select((eb) => ['projectId', eb.fn.countAll<number>().as('n')])
          .where('status', '=', 'RUNNING')
          .groupBy('projectId')
          .execute();
        for (const row of running) maxRunning = Math.max(maxRunning, Number(row.n));
        await new Promise((done) => setTimeout(done, 5));
      }
    })();
    const requests = flows.flatMap((flowId, index) =>
      Array.from({ length: shares[index]! }, (_, n) =>
        fetch(`${server.apiUrl}/v1/webhooks/${flowId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ n }),
        }),
      ),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(200));
    const finished = await Promise.all(
      projects.map((projectId, index) => waitUntilFinished(projectId, shares[index]!)),
    );
    sampling = false;
    await sampler;
    expect(maxRunning).toBeLessThanOrEqual(2);
    expect(maxRunning).toBeGreaterThan(0);
    for (const rows of finished) expect(rows.every((row) => row.status === 'SUCCEEDED')).toBe(true);
    const lastFinish = (rows: { finishTime: string | null }[]) =>
      rows
        .map((row) => row.finishTime ?? '')
        .sort()
        .at(-1) ?? '';
    expect(lastFinish(finished[1]!) < lastFinish(finished[0]!)).toBe(true);
    expect(lastFinish(finished[2]!) < lastFinish(finished[0]!)).toBe(true);
  }, 120_000);

  it('spends exactly the last credit when 20 sync webhooks race for it', async () => {
    const projectId = (await client.projects.create({ displayName: 'Metered' })).id;
    const flowId = await publishedFlow(projectId, true);
    await server.server.context.store.db
      .updateTable('platform')
      .set({ credits: 1 })
      .where('id', '=', user.platformId)
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${server.apiUrl}/v1/webhooks/${flowId}/sync`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"n":1}',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(402)]);
    const runs = await waitUntilFinished(projectId, 20);
    expect(runs.filter((run) => run.status === 'SUCCEEDED')).toHaveLength(1);
    expect(runs.filter((run) => run.status === 'QUOTA_EXCEEDED')).toHaveLength(19);
    const platform = await server.server.context.store.db
      .selectFrom('platform')
      .select('credits')
      .where('id', '=', user.platformId)
      .executeTakeFirstOrThrow();
    expect(platform.credits).toBe(0);
  }, 60_000);
});
