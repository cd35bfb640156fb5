/**
 * Finding runs by what they carried and acting on many at once, through real HTTP: full-text
 * search over payloads, nested step outputs and error messages (scoped to the project, any text
 * accepted), the tags and failed-step filters, and bulk retry, archive and cancel by filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BulkFlowRunsResult, FlowRun, Page } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { auditEventsOf, expectStatus } from '../../testing/features/flow-test-kit';
import {
  buildFlow,
  callWebhook,
  chainOf,
  code,
  jsonBody,
  waitForApproval,
  waitForRun,
  waitForStatus,
} from '../../testing/features/webhook-run-test-kit';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer({}, { timerIntervalMs: 100 });
  owner = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
});
afterAll(() => server.close());

const callAs = <T>(who: TestUser, method: string, path: string, body?: unknown) =>
  callApi<T>(server.apiUrl, method, path, { token: who.token, ...(body === undefined ? {} : { body }) });

/** The runs `query` lists for `who` (every page of up to 100). */
async function listed(who: TestUser, query: Record<string, string | string[]>): Promise<FlowRun[]> {
  const params = new URLSearchParams({ limit: '100' });
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return expectStatus(await callAs<Page<FlowRun>>(who, 'GET', `/v1/flow-runs?${params}`), 200).data;
}

/** Lists with `query` until `done` holds for the answer (the search index catches up after runs end). */
async function listedOnce(
  who: TestUser,
  query: Record<string, string | string[]>,
  done: (runs: FlowRun[]) => boolean,
): Promise<FlowRun[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const runs = await listed(who, query);
    if (done(runs)) return runs;
    if (Date.now() > deadline) throw new Error(`never listed as expected: ${JSON.stringify(runs)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts runs of `flowId` (one per body) through its async webhook and waits until all are finished. */
async function finishedRuns(who: TestUser, flowId: string, bodies: unknown[]): Promise<FlowRun[]> {
  const ids = await Promise.all(
    bodies.map(async (body) => {
      const response = await callWebhook(server, flowId, '', jsonBody(body));
      expect(response.status).toBe(200);
      return response.headers.get('x-webhook-id')!;
    }),
  );
  return Promise.all(ids.map((id) => waitForRun(server, who.token, id)));
}

const nestedOutputFlow = (who: TestUser) =>
  buildFlow(
    server,
    who.token,
    who.projectId!,
    chainOf(
      code('step_1', "return { outer: { list: [{ deep: 'quixotic ' + inputs.n }] } };", {
        n: "{{trigger['output'].body.n}}",
      }),
    ),
  );
const failingFlow = (who: TestUser) =>
  buildFlow(
    server,
    who.token,
    who.projectId!,
    chainOf(code('step_1', "throw new Error('kerfuffle happened');")),
  );

describe('search', () => {
  it(
    'finds a run by a word nested in a step output, in the payload or in an error, only in its project',
    {
      timeout: 60_000,
    },
    async () => {
      const mine = await nestedOutputFlow(owner);
      const theirs = await nestedOutputFlow(stranger);
      const failing = await failingFlow(owner);
      const [run] = await finishedRuns(owner, mine.flowId, [{ n: 'zanzibar' }]);
      const [other] = await finishedRuns(stranger, theirs.flowId, [{ n: 'zanzibar' }]);
      const [failed] = await finishedRuns(owner, failing.flowId, [{ note: 'payloadword' }]);
      expect(run!.status).toBe('SUCCEEDED');

      const projectId = owner.projectId!;
      const byOutput = await listedOnce(owner, { projectId, search: 'Quixotic' }, (runs) => runs.length > 0);
      expect(byOutput.map((r) => r.id)).toEqual([run!.id]);
      const byError = await listedOnce(owner, { projectId, search: 'kerfuffle' }, (runs) => runs.length > 0);
      expect(byError.map((r) => r.id)).toEqual([failed!.id]);
      expect((await listed(owner, { projectId, search: 'payloadword' })).map((r) => r.id)).toEqual([
        failed!.id,
      ]);
      expect(await listed(owner, { projectId, search: 'quixotic nowhere' })).toEqual([]);
      const theirsFound = await listedOnce(
        stranger,
        { projectId: stranger.projectId!, search: 'quixotic' },
        (runs) => runs.length > 0,
      );
      expect(theirsFound.map((r) => r.id)).toEqual([other!.id]);
      expect(
        (await callAs(owner, 'GET', `/v1/flow-runs?projectId=${stranger.projectId!}&search=quixotic`)).status,
      ).toBe(404);
    },
  );

  it('takes any text as plain words: operators, quotes and odd characters never fail', async () => {
    const projectId = owner.projectId!;
    for (const text of [
      '"',
      'a OR b',
      'NEAR(a b)',
      '*',
      'col:word',
      "'); drop table x; --",
      '\u0000',
      '(((',
      '!@#$%^&*',
    ]) {
      const answer = await callAs(
        owner,
        'GET',
        `/v1/flow-runs?${new URLSearchParams({ projectId, search: text })}`,
      );
      expect([text, answer.status]).toEqual([text, 200]);
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (text) => {
        const answer = await callAs(
          owner,
          'GET',
          `/v1/flow-runs?${new URLSearchParams({ projectId, search: text })}`,
        );
        expect(answer.status).toBe(200);
      }),
      { numRuns: 60 },
    );
    const tooLong = await callAs(
      owner,
      'GET',
      `/v1/flow-runs?projectId=${projectId}&search=${'a'.repeat(1001)}`,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'VALIDATION', params: expect.any(Object) });
  });
});

describe('filters', () => {
  it('filters by tags and by the failed step name', async () => {
    const failing = await failingFlow(owner);
    const ok = await nestedOutputFlow(owner);
    const [failed] = await finishedRuns(owner, failing.flowId, [{}]);
    const [succeeded] = await finishedRuns(owner, ok.flowId, [{ n: 1 }]);
    await server.server.context.store.db
      .updateTable('flowRun')
      .set({ tags: JSON.stringify(['billing', 'eu']) })
      .where('id', '=', succeeded!.id)
      .execute();
    const projectId = owner.projectId!;
    expect((await listed(owner, { projectId, tags: 'eu' })).map((r) => r.id)).toEqual([succeeded!.id]);
    expect((await listed(owner, { projectId, tags: ['nope', 'billing'] })).map((r) => r.id)).toEqual([
      succeeded!.id,
    ]);
    expect(await listed(owner, { projectId, tags: 'nope' })).toEqual([]);
    const byStep = await listed(owner, {
      projectId,
      failedStepName: 'step_1',
      flowId: [failing.flowId, ok.flowId],
    });
    expect(byStep.map((r) => r.id)).toEqual([failed!.id]);
    expect(await listed(owner, { projectId, failedStepName: 'step_9' })).toEqual([]);
  });
});

describe('bulk actions', () => {
  it('retries 50 failed runs picked by a filter, one flow.run.retried each, another project untouched', async () => {
    const mine = await failingFlow(owner);
    const theirs = await failingFlow(stranger);
    const [failed] = await finishedRuns(owner, mine.flowId, [{ n: 0 }]);
    const [other] = await finishedRuns(stranger, theirs.flowId, [{}]);
    expect(failed!.status).toBe('FAILED');
    // 49 more failed runs like the real one, written straight to the table (running 50 is slow).
    const { db } = server.server.context.store;
    const model = await db
      .selectFrom('flowRun')
      .selectAll()
      .where('id', '=', failed!.id)
      .executeTakeFirstOrThrow();
    const copies = Array.from({ length: 49 }, (_, n) => ({
      ...model,
      id: `bulkRetryCopy${String(n).padStart(8, '0')}`,
    }));
    await db.insertInto('flowRun').values(copies).execute();
    const retriedBefore = async (platformId: string) =>
      (await auditEventsOf(server, platformId)).filter((event) => event.action === 'flow.run.retried').length;
    const before = await retriedBefore(owner.platformId);

    const answer = await callAs<BulkFlowRunsResult>(owner, 'POST', '/v1/flow-runs/retry', {
      projectId: owner.projectId,
      flowId: mine.flowId,
      status: ['FAILED'],
      strategy: 'FROM_FAILED_STEP',
    });
    expect(expectStatus(answer, 200)).toEqual({ count: 50 });
    expect((await retriedBefore(owner.platformId)) - before).toBe(50);
    expect(await retriedBefore(stranger.platformId)).toBe(0);
    const after = await db
      .selectFrom('flowRun')
      .select(['id', 'updated'])
      .where('flowId', '=', mine.flowId)
      .execute();
    expect(after).toHaveLength(50);
    expect(after.every((row) => row.updated > model.updated)).toBe(true);
    const theirsAfter = await waitForRun(server, stranger.token, other!.id);
    expect(theirsAfter.status).toBe('FAILED');
    expect(theirsAfter.updated).toBe(other!.updated);
  }, 90_000);

  it('archives runs picked by a filter less excluded ones; archived runs leave the default list', async () => {
    const ok = await nestedOutputFlow(owner);
    const runs = await finishedRuns(owner, ok.flowId, [{ n: 1 }, { n: 2 }, { n: 3 }]);
    const [theirs] = await finishedRuns(stranger, (await nestedOutputFlow(stranger)).flowId, [{ n: 1 }]);
    const kept = runs[0]!.id;
    const projectId = owner.projectId!;
    const answer = await callAs<BulkFlowRunsResult>(owner, 'POST', '/v1/flow-runs/archive', {
      projectId,
      flowId: ok.flowId,
      excludeFlowRunIds: [kept],
    });
    expect(expectStatus(answer, 200)).toEqual({ count: 2 });
    expect((await listed(owner, { projectId, flowId: ok.flowId })).map((r) => r.id)).toEqual([kept]);
    const withArchived = await listed(owner, { projectId, flowId: ok.flowId, includeArchived: 'true' });
    expect(withArchived).toHaveLength(3);
    expect(
      withArchived
        .filter((r) => r.archivedAt != null)
        .map((r) => r.id)
        .sort(),
    ).toEqual(
      runs
        .slice(1)
        .map((r) => r.id)
        .sort(),
    );
    const again = await callAs<BulkFlowRunsResult>(owner, 'POST', '/v1/flow-runs/archive', {
      projectId,
      flowRunIds: [theirs!.id, kept],
    });
    expect(expectStatus(again, 200)).toEqual({ count: 1 });
    expect((await listed(stranger, { projectId: stranger.projectId! })).map((r) => r.id)).toContain(
      theirs!.id,
    );
  });

  it('cancels paused runs picked by a filter, and still cancels runs named by id', async () => {
    const approval = await buildFlow(
      server,
      owner.token,
      owner.projectId!,
      chainOf(waitForApproval('step_1')),
    );
    const started = await Promise.all(
      [1, 2, 3].map(async () =>
        (await callWebhook(server, approval.flowId, '', jsonBody({}))).headers.get('x-webhook-id')!,
      ),
    );
    await Promise.all(started.map((id) => waitForStatus(server, owner.token, id, 'PAUSED')));
    const byId = await callAs<FlowRun[]>(owner, 'POST', '/v1/flow-runs/cancel', {
      projectId: owner.projectId,
      flowRunIds: [started[0]],
    });
    expect(expectStatus(byId, 200).map((run) => [run.id, run.status])).toEqual([[started[0], 'CANCELED']]);
    const byFilter = await callAs<FlowRun[]>(owner, 'POST', '/v1/flow-runs/cancel', {
      projectId: owner.projectId,
      flowId: approval.flowId,
    });
    expect(
      expectStatus(byFilter, 200)
        .map((run) => run.id)
        .sort(),
    ).toEqual(started.slice(1).sort());
    for (const id of started) await waitForStatus(server, owner.token, id, 'CANCELED');
  });

  it('refuses bad bodies with {code, params} and other projects with 404', async () => {
    const projectId = owner.projectId!;
    for (const [path, body] of [
      ['/v1/flow-runs/retry', { projectId }],
      ['/v1/flow-runs/retry', { projectId, strategy: 'SOMETIMES' }],
      ['/v1/flow-runs/archive', { projectId, status: ['NOT_A_STATUS'] }],
      ['/v1/flow-runs/cancel', { projectId, createdAfter: 'yesterday-ish' }],
      ['/v1/flow-runs/archive', { projectId, excludeFlowRunIds: 'abc' }],
    ] as const) {
      const answer = await callAs(owner, 'POST', path, body);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.body).toMatchObject({ code: 'VALIDATION', params: expect.any(Object) });
    }
    for (const path of ['/v1/flow-runs/retry', '/v1/flow-runs/archive', '/v1/flow-runs/cancel']) {
      const answer = await callAs(stranger, 'POST', path, { projectId, strategy: 'ON_LATEST_VERSION' });
      expect([path, answer.status]).toEqual([path, 404]);
    }
  });
});
