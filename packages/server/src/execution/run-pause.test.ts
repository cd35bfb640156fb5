import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../testing/call-api';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testsRunOnCluster } from '../testing/test-store';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import {
  chain,
  code,
  newRun,
  pieceAction,
  publishedFlow,
  waitForRun,
} from '../testing/features/run-runtime-test-kit';

let dataDir: string;
let server: TestServer;
let user: TestUser;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'piecework-pause-'));
  server = await startTestServer({}, { dataDir, runs: { pollMs: 50 } });
  user = await signUpTestUser(server);
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.server.context.store.db;

describe('paused runs', () => {
  // The minute passes by moving the table queue's availableAt; on a cluster the delay is a BullMQ
  // delayed job (delays there: integration/scale-out/app-and-workers.test.ts). Up to a minute: two
  // servers start and two runs end.
  it.skipIf(testsRunOnCluster())(
    'a delay pauses the run until its time, across a restart',
    async () => {
      const flow = await publishedFlow(
        server,
        user,
        chain([
          pieceAction('step_1', '@activepieces/piece-delay', 'delayFor', { delayFor: 1, unit: 'minutes' }),
          code('step_2', 'return "after";'),
        ]),
      );
      const before = Date.now();
      const { run } = await server.server.context.runs.createRun(newRun(flow, user));
      const paused = await waitForRun(server, run.id, ['PAUSED']);
      expect(paused.steps!['step_1']).toMatchObject({ status: 'PAUSED' });
      const job = await db()
        .selectFrom('job')
        .selectAll()
        .where('runId', '=', run.id)
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ kind: 'RESUME', status: 'QUEUED' });
      expect(Date.parse(job.availableAt) - before).toBeGreaterThanOrEqual(60_000);
      const waitpoint = await db()
        .selectFrom('waitpoint')
        .selectAll()
        .where('runId', '=', run.id)
        .executeTakeFirstOrThrow();
      expect(waitpoint).toMatchObject({ type: 'DELAY', resumeAt: job.availableAt });

      await server.close();
      server = await startTestServer({}, { dataDir, runs: { pollMs: 50 } });
      // A run started after the restart ends: the workers have taken jobs since, and would have
      // taken the resume job by then had it come due.
      const later = await publishedFlow(server, user, chain([code('step_1', 'return 1;')]));
      const { run: laterRun } = await server.server.context.runs.createRun(newRun(later, user));
      expect((await waitForRun(server, laterRun.id)).status).toBe('SUCCEEDED');
      expect((await server.server.context.runs.getRun(run.id))!.status).toBe('PAUSED');

      // The minute passes.
      await server.server.context.store.write((trx) =>
        trx
          .updateTable('job')
          .set({ availableAt: new Date().toISOString() })
          .where('id', '=', job.id)
          .execute(),
      );
      const done = await waitForRun(server, run.id);
      expect(done.status).toBe('SUCCEEDED');
      expect(Object.keys(done.steps!)).toEqual(['trigger', 'step_1', 'step_2']);
      expect(done.steps!['step_1']).toMatchObject({ status: 'SUCCEEDED', output: { success: true } });
      expect(await db().selectFrom('waitpoint').selectAll().where('runId', '=', run.id).execute()).toEqual(
        [],
      );
    },
    60_000,
  );

  it('a webhook wait answers the caller with the resume URL and resumes once with the request', async () => {
    const { runs } = server.server.context;
    const flow = await publishedFlow(
      server,
      user,
      chain([
        pieceAction('step_1', '@activepieces/piece-webhook', 'return_response_and_wait_for_next_webhook', {
          responseType: 'json',
          fields: { body: { waiting: true } },
        }),
        code('step_2', 'return inputs.answer;', { answer: "{{step_1['output'].body.answer}}" }),
      ]),
    );
    const { run } = await runs.createRun(newRun(flow, user));
    const answer = await runs.awaitResponse(run.id, 10_000);
    expect(answer).toMatchObject({
      kind: 'RESPONDED',
      response: { body: { waiting: true } },
      run: { status: 'PAUSED' },
    });
    const waitpoint = await db()
      .selectFrom('waitpoint')
      .selectAll()
      .where('runId', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(waitpoint.type).toBe('WEBHOOK');
    const resumeUrl = (answer as { response: { headers: Record<string, string> } }).response.headers[
      'x-activepieces-resume-webhook-url'
    ];
    expect(resumeUrl).toContain(
      `${server.server.context.settings.publicUrl}api/v1/flow-runs/${run.id}/requests/${waitpoint.id}/sync`,
    );

    await runs.enqueue(run.id, {
      kind: 'RESUME',
      waitpointId: waitpoint.id,
      resumePayload: { body: { answer: 42 }, headers: {}, queryParams: {} },
    });
    await expect(
      runs.enqueue(run.id, { kind: 'RESUME', waitpointId: waitpoint.id, resumePayload: {} }),
    ).rejects.toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    const done = await waitForRun(server, run.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', steps: { step_2: { output: 42 } } });
  });

  it('a failed run retried from its failed step runs that step again, not the ones before it', async () => {
    const { runs } = server.server.context;
    const flow = await publishedFlow(
      server,
      user,
      chain([
        code('step_1', 'return Math.random();'),
        code('step_2', 'return inputs.key.secret_text + ":" + inputs.first;', {
          key: "{{connections['retry-key']}}",
          first: "{{step_1['output']}}",
        }),
      ]),
    );
    const { run } = await runs.createRun(newRun(flow, user));
    const failed = await waitForRun(server, run.id);
    expect(failed).toMatchObject({ status: 'FAILED', failedStep: { name: 'step_2' } });
    expect(failed.failedStep!.message).toContain('retry-key');

    const created = await callApi(server.apiUrl, 'POST', '/v1/app-connections', {
      token: user.token,
      body: {
        externalId: 'retry-key',
        displayName: 'Retry key',
        pieceName: '@activepieces/piece-slack',
        projectId: user.projectId,
        type: 'SECRET_TEXT',
        value: { type: 'SECRET_TEXT', secret_text: 'open' },
      },
    });
    expect(created.status).toBe(201);
    await runs.enqueue(run.id, { kind: 'RETRY_FROM_FAILED_STEP' });
    const retried = await waitForRun(server, run.id);
    const first = failed.steps!['step_1']!.output as number;
    expect(retried).toMatchObject({
      status: 'SUCCEEDED',
      steps: { step_1: { output: first }, step_2: { status: 'SUCCEEDED', output: `open:${String(first)}` } },
    });
    expect(retried.failedStep).toBeUndefined();
    await expect(runs.enqueue(run.id, { kind: 'RETRY_FROM_FAILED_STEP' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await expect(runs.enqueue('missing', { kind: 'RETRY_FROM_FAILED_STEP' })).rejects.toMatchObject({
      code: 'ENTITY_NOT_FOUND',
    });
  });
});
