import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRun } from '@piecework/shared';
import { auditEventsOf } from '../testing/features/flow-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import {
  add,
  chain,
  code,
  loop,
  newRun,
  pieceAction,
  publishedFlow,
  router,
  waitForRun,
} from '../testing/features/run-runtime-test-kit';

let server: TestServer;
let user: TestUser;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer({ AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB: '4' }, { runs: { prestart: true } });
  user = await signUpTestUser(server);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

const runs = () => server.server.context.runs;

async function stepRows(runId: string) {
  return server.server.context.store.db
    .selectFrom('flowRunStep')
    .select(['path', 'position'])
    .where('runId', '=', runId)
    .orderBy('position')
    .execute();
}

describe('a run of a published flow', () => {
  it('runs a 10-step code flow to SUCCEEDED, each step recorded in order', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `step_${String(i + 1)}`);
    const steps = names.map((name, i) =>
      code(name, 'return inputs.n + 1;', {
        n: i === 0 ? "{{trigger['output'].body.n}}" : `{{${names[i - 1]!}['output']}}`,
      }),
    );
    const flow = await publishedFlow(server, user, chain(steps));
    const { run, queued } = await runs().createRun(newRun(flow, user));
    expect(queued).toBe(true);
    expect(run).toMatchObject({ environment: 'PRODUCTION', flowId: flow.id });
    // Claimed at once when the process is idle; QUEUED otherwise.
    expect(['QUEUED', 'RUNNING']).toContain(run.status);

    const done = await waitForRun(server, run.id);
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      stepsCount: 10,
      flowVersion: { displayName: 'Run test flow' },
    });
    expect(Object.keys(done.steps!)).toEqual(['trigger', ...names]);
    expect(done.steps!['trigger']).toMatchObject({ status: 'SUCCEEDED', output: { body: { n: 1 } } });
    expect(done.steps!['step_10']).toMatchObject({ type: 'CODE', status: 'SUCCEEDED', output: 11 });
    expect((await stepRows(run.id)).map((row) => row.path)).toEqual(['trigger', ...names]);
    expect(await server.server.context.store.db.selectFrom('job').selectAll().execute()).toEqual([]);
  });

  it('records code, loop iterations, the router and a built-in piece step', async () => {
    const flow = await publishedFlow(server, user, [
      add(code('step_1', 'return { items: [1, 2, 3], flag: true };'), 'trigger'),
      add(loop('step_2', "{{step_1['output'].items}}"), 'step_1'),
      add(code('step_3', 'return inputs.item * 2;', { item: "{{step_2['output'].item}}" }), 'step_2', {
        inside: 'LOOP',
      }),
      add(router('step_4', "{{step_1['output'].flag}}"), 'step_2'),
      add(
        pieceAction('step_5', '@activepieces/piece-math-helper', 'addition_math', {
          first_number: "{{step_1['output'].items[0]}}",
          second_number: 41,
        }),
        'step_4',
        { inside: 'BRANCH', branchIndex: 0 },
      ),
      add(code('step_6', 'return "fallback";'), 'step_4', { inside: 'BRANCH', branchIndex: 1 }),
    ]);
    const { run } = await runs().createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id);

    expect(done.status).toBe('SUCCEEDED');
    expect(Object.keys(done.steps!)).toEqual(['trigger', 'step_1', 'step_2', 'step_4', 'step_5']);
    expect(done.steps!['step_2']).toMatchObject({
      type: 'LOOP_ON_ITEMS',
      status: 'SUCCEEDED',
      output: {
        item: 3,
        index: 3,
        iterations: [1, 2, 3].map((n) => ({ step_3: expect.objectContaining({ output: n * 2 }) })),
      },
    });
    expect(done.steps!['step_4']).toMatchObject({
      type: 'ROUTER',
      output: {
        branches: [
          { branchName: 'Yes', branchIndex: 1, evaluation: true },
          { branchName: 'Otherwise', branchIndex: 2, evaluation: false },
        ],
      },
    });
    expect(done.steps!['step_5']).toMatchObject({ type: 'PIECE', status: 'SUCCEEDED', output: 42 });
    expect((await stepRows(run.id)).map((row) => row.path)).toEqual([
      'trigger',
      'step_1',
      'step_2[0].step_3',
      'step_2[1].step_3',
      'step_2[2].step_3',
      'step_2',
      'step_4',
      'step_5',
    ]);
  });

  it('ends FAILED at a failing step, naming it', async () => {
    const flow = await publishedFlow(
      server,
      user,
      chain([
        code('step_1', 'return 1;'),
        code('step_2', 'throw new Error("nope");'),
        code('step_3', 'return 3;'),
      ]),
    );
    const { run } = await runs().createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id);
    expect(done).toMatchObject({
      status: 'FAILED',
      failedStep: { name: 'step_2', displayName: 'Code step_2', message: 'nope' },
    });
    expect(Object.keys(done.steps!)).toEqual(['trigger', 'step_1', 'step_2']);
    expect(done.steps!['step_2']).toMatchObject({ status: 'FAILED', errorMessage: 'nope' });
  });

  it('records flow.run.started and flow.run.finished with the run, its duration and who triggered it', async () => {
    const flow = await publishedFlow(server, user, chain([code('step_1', 'return 1;')]), 'Audited flow');
    const { run } = await runs().createRun(newRun(flow, user, { triggeredBy: 'WEBHOOK' }));
    await waitForRun(server, run.id);
    const events = (await auditEventsOf(server, user.platformId)).filter(
      (event) => (event.data as { flowRun?: { id: string } }).flowRun?.id === run.id,
    );
    expect(events.map((event) => event.action)).toEqual(['flow.run.started', 'flow.run.finished']);
    expect(events[1]).toMatchObject({
      projectId: flow.projectId,
      data: {
        flowRun: {
          id: run.id,
          status: 'SUCCEEDED',
          environment: 'PRODUCTION',
          triggeredBy: 'WEBHOOK',
          flowDisplayName: 'Audited flow',
          duration: expect.any(Number),
        },
      },
    });
  });

  it('answers a synchronous caller as soon as the flow responds, before the run ends', async () => {
    const flow = await publishedFlow(
      server,
      user,
      chain([
        pieceAction('step_1', '@activepieces/piece-webhook', 'return_response', {
          responseType: 'json',
          fields: { status: 201, body: { hello: "{{trigger['output'].body.n}}" } },
          respond: 'respond',
        }),
        code('step_2', 'const end = Date.now() + 300; while (Date.now() < end) {} return 2;'),
      ]),
    );
    // The runs whose end the runtime announced: this one's must come after the answer.
    const ended = new Set<string>();
    const onFinished = (finished: FlowRun) => ended.add(finished.id);
    runs().events.on('run.finished', onFinished);
    try {
      const { run } = await runs().createRun(newRun(flow, user));
      const answer = await runs().awaitResponse(run.id, 10_000);
      expect(answer).toMatchObject({ kind: 'RESPONDED', response: { status: 201, body: { hello: 1 } } });
      expect(ended.has(run.id)).toBe(false);
      expect((await waitForRun(server, run.id)).status).toBe('SUCCEEDED');
      await expect.poll(() => ended.has(run.id)).toBe(true);
    } finally {
      runs().events.off('run.finished', onFinished);
    }
  });

  it('answers FINISHED when the flow ends without a response, TIMED_OUT when it does not end in time', async () => {
    const flow = await publishedFlow(server, user, chain([code('step_1', 'return 1;')]));
    const first = await runs().createRun(newRun(flow, user));
    expect(await runs().awaitResponse(first.run.id, 10_000)).toMatchObject({
      kind: 'FINISHED',
      run: { id: first.run.id, status: 'SUCCEEDED' },
    });
    expect(await runs().awaitResponse('not-a-run', 20)).toEqual({ kind: 'TIMED_OUT' });
  });

  it('keeps large outputs in the file table and reads them back with the run', async () => {
    const flow = await publishedFlow(
      server,
      user,
      chain([
        code('step_1', 'return { text: "x".repeat(10000) };'),
        code('step_2', 'return inputs.t.length;', { t: "{{step_1['output'].text}}" }),
      ]),
    );
    const { run } = await runs().createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.logsFileId).toEqual(expect.any(String));
    expect(done.steps!['step_1']!.output).toEqual({ text: 'x'.repeat(10000) });
    expect(done.steps!['step_2']!.output).toBe(10000);
    const file = await server.server.context.store.db
      .selectFrom('file')
      .select(['type', 'size', 'projectId'])
      .where('id', '=', done.logsFileId!)
      .executeTakeFirstOrThrow();
    expect(file).toEqual({ type: 'FLOW_RUN_LOG', size: 10011, projectId: flow.projectId });
    const row = await server.server.context.store.db
      .selectFrom('flowRunStep')
      .select('record')
      .where('runId', '=', run.id)
      .where('path', '=', 'step_1')
      .executeTakeFirstOrThrow();
    expect(row.record.length).toBeLessThan(500);
  });

  it('tests one step only (TESTING, stepNameToTest), with the trigger sample from the payload', async () => {
    const flow = await publishedFlow(
      server,
      user,
      chain([
        code('step_1', 'throw new Error("not me");'),
        code('step_2', 'return inputs.n * 10;', { n: "{{trigger['output'].body.n}}" }),
      ]),
    );
    const { run } = await runs().createRun(
      newRun(flow, user, {
        environment: 'TESTING',
        stepNameToTest: 'step_2',
        triggerPayload: { body: { n: 5 } },
      }),
    );
    const done = await waitForRun(server, run.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', stepNameToTest: 'step_2', environment: 'TESTING' });
    expect(Object.keys(done.steps!)).toEqual(['step_2']);
    expect(done.steps!['step_2']!.output).toBe(50);
  });

  it('gives the Store piece storage per project, FLOW keys apart per flow', async () => {
    const flow = await publishedFlow(
      server,
      user,
      chain([
        pieceAction('step_1', '@activepieces/piece-store', 'put', {
          key: 'k',
          value: 'v1',
          store_scope: 'FLOW',
        }),
        pieceAction('step_2', '@activepieces/piece-store', 'put', {
          key: 'k',
          value: 'v2',
          store_scope: 'COLLECTION',
        }),
        pieceAction('step_3', '@activepieces/piece-store', 'get', { key: 'k', store_scope: 'FLOW' }),
      ]),
    );
    const { run } = await runs().createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', steps: { step_3: { output: 'v1' } } });
    const entries = await server.server.context.store.db
      .selectFrom('storeEntry')
      .select(['key', 'value'])
      .where('projectId', '=', flow.projectId)
      .orderBy('key')
      .execute();
    expect(entries).toEqual([
      { key: `flow_${flow.id}/k`, value: '"v1"' },
      { key: 'k', value: '"v2"' },
    ]);
  });
});
