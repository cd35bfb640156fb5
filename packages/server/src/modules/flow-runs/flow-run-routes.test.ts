/**
 * The run API through real HTTP: list (filters, cursor pages, no steps), get (with steps), retry
 * (both strategies, flow.run.retried), cancel, test runs, resume of a webhook waitpoint, and
 * tenancy on every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRun, Page } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { auditEventsOf, expectStatus, flowsApi } from '../../testing/features/flow-test-kit';
import {
  buildFlow,
  callWebhook,
  chainOf,
  code,
  jsonBody,
  returnResponse,
  waitForApproval,
  waitForRun,
  waitForStatus,
} from '../../testing/features/webhook-run-test-kit';

let server: TestServer;
let user: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  projectId = user.projectId!;
});
afterAll(() => server.close());

const call = <T>(
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
) => callApi<T>(server.apiUrl, method, path, { token: user.token, ...options });

/** Starts a run of `flowId` through its async webhook and waits until it is finished. */
async function finishedRun(flowId: string, body: unknown = {}): Promise<FlowRun> {
  const response = await callWebhook(server, flowId, '', jsonBody(body));
  expect(response.status).toBe(200);
  return waitForRun(server, user.token, response.headers.get('x-webhook-id')!);
}

const okFlow = () =>
  buildFlow(
    server,
    user.token,
    projectId,
    chainOf(code('step_1', 'return inputs.n;', { n: "{{trigger['output'].body.n}}" })),
  );
const failingFlow = () =>
  buildFlow(server, user.token, projectId, chainOf(code('step_1', "throw new Error('boom');")));
const approvalFlow = () =>
  buildFlow(
    server,
    user.token,
    projectId,
    chainOf(
      waitForApproval('step_1'),
      returnResponse('step_2', { body: { approved: "{{step_1['output'].approved}}" } }),
    ),
  );

async function waitpointOf(runId: string): Promise<string> {
  const row = await server.server.context.store.db
    .selectFrom('waitpoint')
    .select('id')
    .where('runId', '=', runId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /v1/flow-runs', () => {
  it('lists PRODUCTION runs newest first, filtered, in cursor pages, without steps', async () => {
    const project = expectStatus(
      await call<{ id: string }>('POST', '/v1/projects', { body: { displayName: 'Runs' } }),
      201,
    );
    const ok = await buildFlow(server, user.token, project.id, chainOf(code('step_1', 'return 1;')));
    const failing = await buildFlow(
      server,
      user.token,
      project.id,
      chainOf(code('step_1', "throw new Error('x');")),
    );
    const runs: FlowRun[] = [];
    for (const flowId of [ok.flowId, failing.flowId, ok.flowId, failing.flowId, ok.flowId]) {
      runs.push(await finishedRun(flowId));
    }
    await callWebhook(server, ok.flowId, '/draft', jsonBody({})); // TESTING: not listed
    const newestFirst = runs.map((run) => run.id).reverse();

    const list = (query: Record<string, string>) =>
      call<Page<FlowRun>>('GET', '/v1/flow-runs', { query: { projectId: project.id, ...query } });
    const all = expectStatus(await list({ limit: '100' }), 200);
    expect(all.data.map((run) => run.id)).toEqual(newestFirst);
    expect(all.data.every((run) => run.steps === undefined)).toBe(true);

    const first = expectStatus(await list({ limit: '2' }), 200);
    const second = expectStatus(await list({ limit: '2', cursor: first.next! }), 200);
    const third = expectStatus(await list({ limit: '2', cursor: second.next! }), 200);
    expect([first, second, third].flatMap((page) => page.data.map((run) => run.id))).toEqual(newestFirst);
    expect(third.next).toBeNull();
    const back = expectStatus(await list({ limit: '2', cursor: second.previous! }), 200);
    expect(back.data.map((run) => run.id)).toEqual(first.data.map((run) => run.id));

    const byFlow = expectStatus(await list({ flowId: failing.flowId }), 200);
    expect(byFlow.data.map((run) => run.status)).toEqual(['FAILED', 'FAILED']);
    const byStatus = await callApi<Page<FlowRun>>(
      server.apiUrl,
      'GET',
      `/v1/flow-runs?projectId=${project.id}&status=SUCCEEDED&status=FAILED&limit=100`,
      { token: user.token },
    );
    expect(byStatus.body.data).toHaveLength(5);
    const succeeded = expectStatus(await list({ status: 'SUCCEEDED' }), 200);
    expect(succeeded.data.map((run) => run.id)).toEqual([runs[4]!.id, runs[2]!.id, runs[0]!.id]);
    const window = expectStatus(
      await list({ createdAfter: runs[1]!.created, createdBefore: runs[3]!.created }),
      200,
    );
    expect(window.data.map((run) => run.id)).toEqual([runs[3]!.id, runs[2]!.id, runs[1]!.id]);
    expect((await list({ createdAfter: 'yesterday' })).status).toBe(400);
  });
  it('lists the TESTING runs with environment=TESTING (PRODUCTION by default); an unknown one is a 400', async () => {
    const project = expectStatus(
      await call<{ id: string }>('POST', '/v1/projects', { body: { displayName: 'Environments' } }),
      201,
    );
    const { flowId } = await buildFlow(server, user.token, project.id, chainOf(code('step_1', 'return 1;')));
    const production = await finishedRun(flowId);
    const draft = await callWebhook(server, flowId, '/draft', jsonBody({}));
    const testing = await waitForRun(server, user.token, draft.headers.get('x-webhook-id')!);
    expect(testing.environment).toBe('TESTING');

    const list = (query: Record<string, string>) =>
      call<Page<FlowRun>>('GET', '/v1/flow-runs', { query: { projectId: project.id, ...query } });
    for (const [query, expected] of [
      [{}, [production.id]],
      [{ environment: 'PRODUCTION' }, [production.id]],
      [{ environment: 'TESTING' }, [testing.id]],
      [{ environment: 'TESTING', status: 'SUCCEEDED' }, [testing.id]],
      [{ environment: 'TESTING', status: 'FAILED' }, []],
    ] as const) {
      const page = expectStatus(await list(query), 200);
      expect({ query, ids: page.data.map((run) => run.id) }).toEqual({ query, ids: expected });
    }
    const unknown = await list({ environment: 'STAGING' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('GET /v1/flow-runs/:id', () => {
  it('answers the run with its steps and its failed step', async () => {
    const { flowId } = await failingFlow();
    const run = await finishedRun(flowId);
    const got = expectStatus(await call<FlowRun>('GET', `/v1/flow-runs/${run.id}`), 200);
    expect(got).toMatchObject({ id: run.id, status: 'FAILED', failedStep: { name: 'step_1' } });
    expect(Object.keys(got.steps!)).toEqual(['trigger', 'step_1']);
    expect((await call('GET', '/v1/flow-runs/aaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
  });
});

describe('POST /v1/flow-runs/:id/retry', () => {
  it('FROM_FAILED_STEP queues a failed run again and records flow.run.retried; a succeeded run is 409', async () => {
    const { flowId } = await failingFlow();
    const run = await finishedRun(flowId);
    const retried = expectStatus(
      await call<FlowRun>('POST', `/v1/flow-runs/${run.id}/retry`, {
        body: { projectId, strategy: 'FROM_FAILED_STEP' },
      }),
      200,
    );
    expect(retried.id).toBe(run.id);
    expect(['QUEUED', 'RUNNING', 'FAILED']).toContain(retried.status);
    expect((await waitForRun(server, user.token, run.id)).status).toBe('FAILED');
    const events = (await auditEventsOf(server, user.platformId)).filter(
      (event) => event.action === 'flow.run.retried',
    );
    expect(events.at(-1)).toMatchObject({
      projectId,
      userId: user.userId,
      data: { flowRun: { id: run.id, flowId }, project: { displayName: expect.any(String) } },
    });

    const ok = await finishedRun((await okFlow()).flowId);
    const refused = await call('POST', `/v1/flow-runs/${ok.id}/retry`, {
      body: { projectId, strategy: 'FROM_FAILED_STEP' },
    });
    expect(refused.status).toBe(409);
  });

  it('FROM_FAILED_STEP runs a QUOTA_EXCEEDED run once credits exist', async () => {
    const { flowId } = await okFlow();
    const setCredits = (credits: number | null) =>
      server.server.context.store.db
        .updateTable('platform')
        .set({ credits })
        .where('id', '=', user.platformId)
        .execute();
    await setCredits(0);
    const refused = await finishedRun(flowId, { n: 4 });
    expect(refused.status).toBe('QUOTA_EXCEEDED');
    await setCredits(null);
    expectStatus(
      await call('POST', `/v1/flow-runs/${refused.id}/retry`, {
        body: { projectId, strategy: 'FROM_FAILED_STEP' },
      }),
      200,
    );
    const done = await waitForStatus(server, user.token, refused.id, 'SUCCEEDED');
    expect(done.steps!['step_1']!.output).toBe(4);
  });

  it('ON_LATEST_VERSION starts a new run of the published version with the same payload', async () => {
    const { flowId } = await failingFlow();
    const failed = await finishedRun(flowId, { n: 5 });
    const api = flowsApi(server, user.token);
    const fixed = await api.apply(
      flowId,
      {
        type: 'UPDATE_ACTION',
        request: code('step_1', 'return inputs.n * 2;', { n: "{{trigger['output'].body.n}}" }),
      },
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
    const retried = expectStatus(
      await call<FlowRun>('POST', `/v1/flow-runs/${failed.id}/retry`, {
        body: { projectId, strategy: 'ON_LATEST_VERSION' },
      }),
      200,
    );
    expect(retried.id).not.toBe(failed.id);
    expect(retried.flowVersionId).toBe(fixed.version.id);
    const done = await waitForRun(server, user.token, retried.id);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.steps!['step_1']!.output).toBe(10);
    expect((await waitForRun(server, user.token, failed.id)).status).toBe('FAILED');
  });
});

describe('POST /v1/flow-runs/cancel', () => {
  it('cancels QUEUED and PAUSED runs (jobs and waitpoints deleted) and reports ended ones as they are', async () => {
    const paused = await finishedRun((await approvalFlow()).flowId);
    expect(paused.status).toBe('PAUSED');
    const done = await finishedRun((await okFlow()).flowId);
    const project = expectStatus(
      await call<{ id: string }>('POST', '/v1/projects', { body: { displayName: 'Stuck' } }),
      201,
    );
    await server.server.context.store.db
      .updateTable('project')
      .set({ maxConcurrentJobs: 0 })
      .where('id', '=', project.id)
      .execute();
    const stuck = await buildFlow(server, user.token, project.id, chainOf(code('step_1', 'return 1;')));
    const queuedId = (await callWebhook(server, stuck.flowId, '', jsonBody({}))).headers.get('x-webhook-id')!;

    const inProject = expectStatus(
      await call<FlowRun[]>('POST', '/v1/flow-runs/cancel', {
        body: { projectId, flowRunIds: [paused.id, done.id, queuedId, 'aaaaaaaaaaaaaaaaaaaaa'] },
      }),
      200,
    );
    // Answered in the order named; the other project's run and the unknown id are left out.
    expect(inProject.map((run) => [run.id, run.status])).toEqual([
      [paused.id, 'CANCELED'],
      [done.id, 'SUCCEEDED'],
    ]);
    const { db } = server.server.context.store;
    // A run whose job another worker has claimed (RUNNING, not executing here) is left to it.
    const claimedId = (await callWebhook(server, stuck.flowId, '', jsonBody({}))).headers.get(
      'x-webhook-id',
    )!;
    await db.updateTable('job').set({ status: 'RUNNING' }).where('runId', '=', claimedId).execute();
    const other = expectStatus(
      await call<FlowRun[]>('POST', '/v1/flow-runs/cancel', {
        body: { projectId: project.id, flowRunIds: [queuedId, claimedId] },
      }),
      200,
    );
    expect(other.map((run) => [run.id, run.status])).toEqual([
      [queuedId, 'CANCELED'],
      [claimedId, 'QUEUED'],
    ]);
    expect(
      await db.selectFrom('flowRun').select('status').where('id', '=', claimedId).executeTakeFirst(),
    ).toEqual({
      status: 'QUEUED',
    });
    expect(await db.selectFrom('waitpoint').select('id').where('runId', '=', paused.id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('job').select('id').where('runId', 'in', [paused.id, queuedId]).execute(),
    ).toEqual([]);
    expect((await waitForRun(server, user.token, done.id)).status).toBe('SUCCEEDED');
    expect((await waitForRun(server, user.token, paused.id)).finishTime).toEqual(expect.any(String));
  });
});

describe('POST /v1/flow-runs/test', () => {
  it("starts a TESTING run of a version with the trigger's sample data (or {})", async () => {
    const { flowId, versionId } = await buildFlow(
      server,
      user.token,
      projectId,
      chainOf(code('step_1', 'return inputs.v;', { v: "{{trigger['output'].body.v}}" })),
      false,
    );
    const empty = expectStatus(
      await call<FlowRun>('POST', '/v1/flow-runs/test', { body: { projectId, flowVersionId: versionId } }),
      200,
    );
    expect(empty).toMatchObject({
      environment: 'TESTING',
      flowVersionId: versionId,
      triggeredBy: user.userId,
    });
    expect((await waitForRun(server, user.token, empty.id)).steps!['trigger']!.output).toEqual({});

    expect((await callWebhook(server, flowId, '/test', jsonBody({ v: 'sampled' }))).status).toBe(200);
    const draft = await flowsApi(server, user.token).get(flowId);
    const sampled = expectStatus(
      await call<FlowRun>('POST', '/v1/flow-runs/test', {
        body: { projectId, flowVersionId: draft.body.version.id },
      }),
      200,
    );
    const run = await waitForRun(server, user.token, sampled.id);
    expect(run).toMatchObject({ status: 'SUCCEEDED', steps: { step_1: { output: 'sampled' } } });

    const otherProject = expectStatus(
      await call<{ id: string }>('POST', '/v1/projects', { body: { displayName: 'Elsewhere' } }),
      201,
    );
    const elsewhere = await call('POST', '/v1/flow-runs/test', {
      body: { projectId: otherProject.id, flowVersionId: versionId },
    });
    expect(elsewhere.status).toBe(404);
  });
});

describe('ALL /v1/flow-runs/:id/requests/:requestId', () => {
  it('resumes a run paused on a webhook waitpoint once; the second call is 404', async () => {
    const paused = await finishedRun((await approvalFlow()).flowId);
    expect(paused.status).toBe('PAUSED');
    const requestId = await waitpointOf(paused.id);
    const resumed = await fetch(
      `${server.apiUrl}/v1/flow-runs/${paused.id}/requests/${requestId}?action=approve`,
    );
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toEqual({});
    const done = await waitForStatus(server, user.token, paused.id, 'SUCCEEDED');
    expect(done.steps!['step_1']!.output).toEqual({ approved: true });
    const again = await fetch(
      `${server.apiUrl}/v1/flow-runs/${paused.id}/requests/${requestId}?action=approve`,
    );
    expect(again.status).toBe(404);
    expect(
      (await fetch(`${server.apiUrl}/v1/flow-runs/${paused.id}/requests/nope`, { method: 'POST' })).status,
    ).toBe(404);
    expect(
      (await fetch(`${server.apiUrl}/v1/flow-runs/aaaaaaaaaaaaaaaaaaaaa/requests/${requestId}`)).status,
    ).toBe(404);
  });

  it('/sync answers with the response the resumed flow gives', async () => {
    const paused = await finishedRun((await approvalFlow()).flowId);
    const requestId = await waitpointOf(paused.id);
    const response = await fetch(
      `${server.apiUrl}/v1/flow-runs/${paused.id}/requests/${requestId}/sync?action=disapprove`,
      {
        method: 'POST',
        ...jsonBody({ note: 'no' }),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-webhook-id')).toBe(paused.id);
    expect(await response.json()).toEqual({ approved: false });
  });
});

describe('tenancy', () => {
  it('answers 404 to another platform and 403 to a member of another project on every route', async () => {
    const { flowId, versionId } = await okFlow();
    const run = await finishedRun(flowId);
    const stranger = await signUpTestUser(server);
    const otherProject = expectStatus(
      await call<{ id: string }>('POST', '/v1/projects', { body: { displayName: 'Other' } }),
      201,
    );
    const member = await addTestUser(server, user.platformId, 'MEMBER', [
      { projectId: otherProject.id, role: 'Admin' },
    ]);
    const routes: [string, string, unknown?][] = [
      ['GET', `/v1/flow-runs?projectId=${projectId}`],
      ['GET', `/v1/flow-runs/${run.id}`],
      ['POST', `/v1/flow-runs/${run.id}/retry`, { projectId, strategy: 'ON_LATEST_VERSION' }],
      ['POST', '/v1/flow-runs/cancel', { projectId, flowRunIds: [run.id] }],
      ['POST', '/v1/flow-runs/test', { projectId, flowVersionId: versionId }],
    ];
    for (const [who, status] of [
      [stranger, 404],
      [member, 403],
    ] as const) {
      for (const [method, path, body] of routes) {
        const answer = await callApi(server.apiUrl, method, path, {
          token: who.token,
          ...(body === undefined ? {} : { body }),
        });
        expect([method, path, answer.status]).toEqual([method, path, status]);
      }
    }
    const retryElsewhere = await call('POST', `/v1/flow-runs/${run.id}/retry`, {
      body: { projectId: otherProject.id, strategy: 'ON_LATEST_VERSION' },
    });
    expect(retryElsewhere.status).toBe(404);
    expect((await call('GET', '/v1/flow-runs')).status).toBe(400);
    expect((await callApi(server.apiUrl, 'GET', `/v1/flow-runs/${run.id}`)).status).toBe(401);
  });
});
