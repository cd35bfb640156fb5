/**
 * Webhooks through real HTTP on loopback: sync and async runs of flows built with the flow routes,
 * the draft and test routes, the bodies the trigger receives, and the refusals (410, 404, 413,
 * 402).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopulatedFlow } from '@piecework/shared';
import { pieceAction } from '../../testing/features/run-runtime-test-kit';
import { callApi } from '../../testing/call-api';
import { placeFixturePiece } from '../../testing/test-pieces';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testsRunOnCluster } from '../../testing/test-store';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { flowsApi } from '../../testing/features/flow-test-kit';
import {
  addAfter,
  addInBranch,
  addInLoop,
  buildFlow,
  callWebhook,
  chainOf,
  code,
  jsonBody,
  loopOver,
  returnResponse,
  routerAbove5,
  runRowsOf,
  waitForApproval,
  waitForRun,
} from '../../testing/features/webhook-run-test-kit';

/**
 * How long this file's server keeps a synchronous caller waiting. An answer "at once" is one that
 * came before this: a crowded machine may slow a run down, not make it wait for the timeout.
 */
const WEBHOOK_TIMEOUT_MS = 20_000;

let server: TestServer;
let user: TestUser;
let projectId: string;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer({
    AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB: '1',
    AP_WEBHOOK_TIMEOUT_SECONDS: String(WEBHOOK_TIMEOUT_MS / 1000),
  });
  user = await signUpTestUser(server);
  projectId = user.projectId!;
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

/** A published flow that only records its trigger payload. */
const recordingFlow = () => buildFlow(server, user.token, projectId, chainOf(code('step_1', 'return 1;')));

/** A published flow answering `{ok: true, n}` with status 201. */
const respondingFlow = (publish = true) =>
  buildFlow(
    server,
    user.token,
    projectId,
    chainOf(returnResponse('step_1', { status: 201, body: { ok: true, n: "{{trigger['output'].body.n}}" } })),
    publish,
  );

async function triggerOutputOf(response: Response): Promise<Record<string, unknown>> {
  const runId = response.headers.get('x-webhook-id')!;
  const run = await waitForRun(server, user.token, runId);
  return run.steps!['trigger']!.output as Record<string, unknown>;
}

async function setCredits(credits: number | null) {
  await server.server.context.store.db
    .updateTable('platform')
    .set({ credits })
    .where('id', '=', user.platformId)
    .execute();
}

describe('sync webhooks', () => {
  it('run code, router, loop and piece steps and answer with the flow response', async () => {
    const { flowId } = await buildFlow(server, user.token, projectId, [
      ...chainOf(
        code('step_1', 'return { n: inputs.n * 10, items: inputs.items };', {
          n: "{{trigger['output'].body.n}}",
          items: "{{trigger['output'].body.items}}",
        }),
        routerAbove5('router_1', "{{step_1['output'].n}}"),
      ),
      addInBranch(code('step_big', "return 'big';"), 'router_1', 0),
      addInBranch(code('step_small', "return 'small';"), 'router_1', 1),
      addAfter(loopOver('loop_1', "{{step_1['output'].items}}"), 'router_1'),
      addInLoop(code('step_double', 'return inputs.x * 2;', { x: "{{loop_1['output'].item}}" }), 'loop_1'),
      addAfter(
        returnResponse('step_respond', {
          status: 201,
          headers: { 'x-flow': 'yes' },
          body: {
            n: "{{step_1['output'].n}}",
            branch: "{{step_big['output']}}{{step_small['output']}}",
            doubled: "{{loop_1['output'].iterations.map((i) => i.step_double.output)}}",
          },
        }),
        'loop_1',
      ),
    ]);
    const response = await callWebhook(server, flowId, '/sync', jsonBody({ n: 7, items: [1, 2, 3] }));
    expect(response.status).toBe(201);
    expect(response.headers.get('x-flow')).toBe('yes');
    const runId = response.headers.get('x-webhook-id')!;
    expect(await response.json()).toEqual({ n: 70, branch: 'big', doubled: [2, 4, 6] });
    const run = await waitForRun(server, user.token, runId);
    expect(run.status).toBe('SUCCEEDED');
    expect(Object.keys(run.steps!)).toEqual([
      'trigger',
      'step_1',
      'router_1',
      'step_big',
      'loop_1',
      'step_respond',
    ]);
  });

  it('answer 204 at once when the flow finishes without a response', { timeout: 60_000 }, async () => {
    const { flowId } = await recordingFlow();
    const started = Date.now();
    const finished = await callWebhook(server, flowId, '/sync', jsonBody({}));
    expect(finished.status).toBe(204);
    expect(finished.headers.get('x-webhook-id')).toMatch(/^[0-9a-zA-Z]{21}$/);
    expect(await finished.text()).toBe('');
    expect(Date.now() - started).toBeLessThan(WEBHOOK_TIMEOUT_MS);
  });

  it('answer 204 after AP_WEBHOOK_TIMEOUT_SECONDS without a response (a paused flow)', async () => {
    const quick = await startTestServer({ AP_WEBHOOK_TIMEOUT_SECONDS: '1' });
    try {
      const owner = await signUpTestUser(quick);
      const paused = await buildFlow(
        quick,
        owner.token,
        owner.projectId!,
        chainOf(waitForApproval('step_1')),
      );
      const started = Date.now();
      const timedOut = await callWebhook(quick, paused.flowId, '/sync', jsonBody({}));
      expect(timedOut.status).toBe(204);
      expect(await timedOut.text()).toBe('');
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      const run = await waitForRun(quick, owner.token, timedOut.headers.get('x-webhook-id')!);
      expect(run.status).toBe('PAUSED');
    } finally {
      await quick.close();
    }
  });

  // Not on a cluster: a worker does not learn the deadline of a caller waiting on the app
  // (docs/scale-out.md, Not done yet), and the piece is placed in the app's pieces directory only.
  it.skipIf(testsRunOnCluster())(
    "answer the failure, not 204, when an npm piece step would outlive the caller's wait",
    // A second server starts, warms up and waits out the caller's 5 s.
    { timeout: 60_000 },
    async () => {
      // The piece's own call deadline (30 s) is longer than the wait (5 s): the step is cut short
      // a second before the caller stops waiting, so the caller learns that the step failed, and why.
      const quick = await startTestServer({ AP_WEBHOOK_TIMEOUT_SECONDS: '5' });
      try {
        await placeFixturePiece(quick.server.context.settings.piecesDir, 'piece-hang', '1.0.0');
        const owner = await signUpTestUser(quick);
        // A first run of the piece warms the server up (engine thread, the piece's metadata and
        // process): on a crowded machine a cold start took most of the caller's 5 s, and the call
        // then began with less than a second left.
        const warm = await buildFlow(
          quick,
          owner.token,
          owner.projectId!,
          chainOf(pieceAction('step_1', '@fixtures/piece-hang', 'ok', {}, '1.0.0')),
        );
        const warmRun = await callWebhook(quick, warm.flowId, '', jsonBody({}));
        expect((await waitForRun(quick, owner.token, warmRun.headers.get('x-webhook-id')!)).status).toBe(
          'SUCCEEDED',
        );
        const hanging = await buildFlow(
          quick,
          owner.token,
          owner.projectId!,
          chainOf(pieceAction('step_1', '@fixtures/piece-hang', 'hang', {}, '1.0.0')),
        );
        const response = await callWebhook(quick, hanging.flowId, '/sync', jsonBody({}));
        expect(response.status).toBe(500);
        const body = (await response.json()) as { params: { failedStep: { message: string } } };
        expect(body).toMatchObject({ code: 'FLOW_RUN_FAILED', params: { status: 'FAILED' } });
        expect(body.params.failedStep.message).toMatch(
          /^Piece @fixtures\/piece-hang timed out after [1-4](\.\d+)? s, before the synchronous request waiting for its run stops waiting$/,
        );
      } finally {
        await quick.close();
      }
    },
  );

  it(
    'answer 204 at once when the flow sleeps past the timeout, but wait through a shorter sleep',
    { timeout: 60_000 },
    async () => {
      const delay = (name: string, seconds: number) =>
        pieceAction(name, '@activepieces/piece-delay', 'delayFor', { delayFor: seconds, unit: 'seconds' });
      const respond = returnResponse('step_2', { status: 200, body: { woke: true } });
      // The caller waits WEBHOOK_TIMEOUT_MS (20 s) here.
      const long = await buildFlow(server, user.token, projectId, chainOf(delay('step_1', 60), respond));
      const started = Date.now();
      const slept = await callWebhook(server, long.flowId, '/sync', jsonBody({}));
      expect(slept.status).toBe(204);
      expect(Date.now() - started).toBeLessThan(WEBHOOK_TIMEOUT_MS);
      const run = await waitForRun(server, user.token, slept.headers.get('x-webhook-id')!);
      expect(run.status).toBe('PAUSED');

      // Over 10 s the delay pauses the run (a RESUME job), yet it ends before the caller's timeout.
      const short = await buildFlow(server, user.token, projectId, chainOf(delay('step_1', 11), respond));
      const woke = await callWebhook(server, short.flowId, '/sync', jsonBody({}));
      expect(woke.status).toBe(200);
      expect(await woke.json()).toEqual({ woke: true });
    },
  );

  it("answer 500 FLOW_RUN_FAILED with the failed step's error when the flow fails without a response", async () => {
    const { flowId } = await buildFlow(
      server,
      user.token,
      projectId,
      chainOf(code('step_1', "throw new Error('boom');")),
    );
    const response = await callWebhook(server, flowId, '/sync', jsonBody({}));
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      code: 'FLOW_RUN_FAILED',
      params: {
        message: 'The flow has failed and there is no response returned',
        status: 'FAILED',
        failedStep: { name: 'step_1', message: expect.stringContaining('boom') },
      },
    });
  });
});

describe('async webhooks', () => {
  it('answer 200 {} with x-webhook-id once the run is queued; the run then succeeds', async () => {
    const { flowId } = await recordingFlow();
    const response = await callWebhook(server, flowId, '', jsonBody({ a: 1 }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const runId = response.headers.get('x-webhook-id')!;
    const rows = await runRowsOf(server, flowId);
    expect(rows.map((row) => row.id)).toEqual([runId]);
    const run = await waitForRun(server, user.token, runId);
    expect(run).toMatchObject({ status: 'SUCCEEDED', environment: 'PRODUCTION', triggeredBy: 'WEBHOOK' });
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    const logged = server.logs.find((line) => line['reqId'] === response.headers.get('x-request-id'));
    expect(logged).toMatchObject({ msg: 'request completed', req: { url: '/api/v1/webhooks/:flowId' } });
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'])('take %s requests', async (method) => {
    const { flowId } = await recordingFlow();
    const response = await callWebhook(server, flowId, '?x=1', { method });
    expect(response.status).toBe(200);
    expect(await triggerOutputOf(response)).toMatchObject({ method, queryParams: { x: '1' }, body: {} });
  });
});

describe('the trigger payload', () => {
  it.each([
    ['JSON, parsed', 'application/json', '{"a":[1,2]}', { a: [1, 2] }],
    ['invalid JSON, as text', 'application/json', '{"a":', '{"a":'],
    ['text, as text', 'text/plain', 'hello', 'hello'],
    ['a form, parsed', 'application/x-www-form-urlencoded', 'a=1&b=two', { a: '1', b: 'two' }],
  ])('carries %s with rawBody, headers and query', async (_, contentType, text, body) => {
    const { flowId } = await recordingFlow();
    const response = await callWebhook(server, flowId, '?page=2&tags[]=a', {
      headers: { 'content-type': contentType, 'X-Signature': 'sig' },
      body: text,
    });
    expect(await triggerOutputOf(response)).toMatchObject({
      method: 'POST',
      headers: { 'content-type': contentType, 'x-signature': 'sig' },
      body,
      queryParams: { page: '2', tags: ['a'] },
      rawBody: text,
    });
  });

  it('reads a multipart form: fields as values, file parts stored as files of the flow', async () => {
    const { flowId } = await recordingFlow();
    const form = new FormData();
    form.append('name', 'Ada');
    form.append('tags', 'a');
    form.append('tags', 'b');
    form.append('photo', new Blob([new Uint8Array([1, 2, 3, 255])], { type: 'image/jpeg' }), 'me.jpg');
    const output = await triggerOutputOf(await callWebhook(server, flowId, '', { body: form }));
    const body = output['body'] as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Ada',
      tags: ['a', 'b'],
      photo: { filename: 'me.jpg', mimeType: 'image/jpeg', size: 4 },
    });
    const file = await server.server.context.store.db
      .selectFrom('file')
      .selectAll()
      .where('id', '=', (body['photo'] as { fileId: string }).fileId)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ projectId, flowId, type: 'WEBHOOK_PAYLOAD' });
    expect(Buffer.from(JSON.parse(file.data) as string, 'base64')).toEqual(Buffer.from([1, 2, 3, 255]));
  });

  it('stores a binary body as a file of the project and carries {fileId, mimeType, size}', async () => {
    const { flowId } = await recordingFlow();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const response = await callWebhook(server, flowId, '', {
      headers: { 'content-type': 'image/png' },
      body: bytes,
    });
    const output = await triggerOutputOf(response);
    expect(output).not.toHaveProperty('rawBody');
    const body = output['body'] as { fileId: string; mimeType: string; size: number };
    expect(body).toMatchObject({ mimeType: 'image/png', size: 8 });
    const file = await server.server.context.store.db
      .selectFrom('file')
      .selectAll()
      .where('id', '=', body.fileId)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ projectId, type: 'WEBHOOK_PAYLOAD' });
    expect(Buffer.from(JSON.parse(file.data) as string, 'base64')).toEqual(bytes);
  });
});

describe('files of runs', () => {
  /** A published flow whose step outputs ~40 KB (over the 32 KB slice threshold: stored apart). */
  const bigOutputFlow = () =>
    buildFlow(server, user.token, projectId, chainOf(code('step_1', "return 'x'.repeat(40 * 1024);")));

  async function filesOf(flowId: string) {
    return server.server.context.store.db
      .selectFrom('file')
      .select(['id', 'type'])
      .where('flowId', '=', flowId)
      .orderBy('type')
      .execute();
  }

  it('are deleted with their flow (stored outputs, binary bodies), the files of other flows kept', async () => {
    const doomed = await bigOutputFlow();
    const kept = await bigOutputFlow();
    for (const { flowId } of [doomed, kept]) {
      const response = await callWebhook(server, flowId, '', {
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.from([1, 2, 3]),
      });
      const run = await waitForRun(server, user.token, response.headers.get('x-webhook-id')!);
      expect(run.status).toBe('SUCCEEDED');
      expect(run.steps!['step_1']!.output).toBe('x'.repeat(40 * 1024));
    }
    expect((await filesOf(doomed.flowId)).map((file) => file.type)).toEqual([
      'FLOW_RUN_LOG',
      'WEBHOOK_PAYLOAD',
    ]);

    await flowsApi(server, user.token).delete(doomed.flowId);
    expect(await filesOf(doomed.flowId)).toEqual([]);
    expect(await runRowsOf(server, doomed.flowId)).toEqual([]);
    expect((await filesOf(kept.flowId)).map((file) => file.type)).toEqual([
      'FLOW_RUN_LOG',
      'WEBHOOK_PAYLOAD',
    ]);
    const keptRun = (await runRowsOf(server, kept.flowId))[0]!;
    const fetched = await callApi<{ steps: Record<string, { output: unknown }> }>(
      server.apiUrl,
      'GET',
      `/v1/flow-runs/${keptRun.id}`,
      { token: user.token },
    );
    expect(fetched.body.steps['step_1']!.output).toBe('x'.repeat(40 * 1024));
  });
});

describe('draft and test webhooks', () => {
  it('/draft runs the draft as a TESTING run, even when the flow is not published', async () => {
    const { flowId, versionId } = await respondingFlow(false);
    const response = await callWebhook(server, flowId, '/draft', jsonBody({ n: 1 }));
    expect(response.status).toBe(200);
    const run = await waitForRun(server, user.token, response.headers.get('x-webhook-id')!);
    expect(run).toMatchObject({ environment: 'TESTING', flowVersionId: versionId, status: 'SUCCEEDED' });
    const sync = await callWebhook(server, flowId, '/draft/sync', jsonBody({ n: 2 }));
    expect(sync.status).toBe(201);
    expect(await sync.json()).toEqual({ ok: true, n: 2 });
  });

  it('/test stores the request as the trigger sample data and runs nothing', async () => {
    const { flowId } = await respondingFlow();
    const response = await callWebhook(server, flowId, '/test?q=1', jsonBody({ sample: true }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(await runRowsOf(server, flowId)).toEqual([]);
    const flow = await callApi<PopulatedFlow>(server.apiUrl, 'GET', `/v1/flows/${flowId}`, {
      token: user.token,
    });
    expect(flow.body.version.state).toBe('DRAFT');
    const fileId = (flow.body.version.trigger.settings as { sampleData?: { sampleDataFileId?: string } })
      .sampleData?.sampleDataFileId;
    const file = await server.server.context.store.db
      .selectFrom('file')
      .selectAll()
      .where('id', '=', fileId!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(file.data)).toMatchObject({
      method: 'POST',
      body: { sample: true },
      queryParams: { q: '1' },
      rawBody: '{"sample":true}',
    });
  });
});

describe('refusals', () => {
  it('answer 410 for a flow that does not exist or was deleted', async () => {
    const { flowId } = await recordingFlow();
    await flowsApi(server, user.token).delete(flowId);
    for (const id of [flowId, 'aaaaaaaaaaaaaaaaaaaaa']) {
      for (const suffix of ['', '/sync', '/draft', '/test']) {
        const response = await callWebhook(server, id, suffix, jsonBody({}));
        expect(response.status).toBe(410);
        expect(await response.json()).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityId: id } });
      }
    }
  });

  it('answer 404 for a disabled or never published flow, but /draft and /test still work', async () => {
    const { flowId } = await recordingFlow();
    await flowsApi(server, user.token).apply(flowId, {
      type: 'CHANGE_STATUS',
      request: { status: 'DISABLED' },
    });
    const unpublished = await recordingFlowUnpublished();
    for (const id of [flowId, unpublished]) {
      expect((await callWebhook(server, id, '', jsonBody({}))).status).toBe(404);
      expect((await callWebhook(server, id, '/sync', jsonBody({}))).status).toBe(404);
      expect((await callWebhook(server, id, '/draft', jsonBody({}))).status).toBe(200);
      expect((await callWebhook(server, id, '/test', jsonBody({}))).status).toBe(200);
    }
  });

  it('answer 413 on a content-length over AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB without reading the body', async () => {
    const { flowId } = await recordingFlow();
    const answer = await unfinishedRequest(`/api/v1/webhooks/${flowId}`, {
      'content-type': 'application/json',
      'content-length': String(5 * 1024 * 1024),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await runRowsOf(server, flowId)).toEqual([]);
  });

  it('answer 413 on a chunked body as soon as it passes the limit, before it ends', async () => {
    const { flowId } = await recordingFlow();
    const answer = await unfinishedRequest(
      `/api/v1/webhooks/${flowId}/sync`,
      { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      [Buffer.alloc(600 * 1024, 'a'), Buffer.alloc(600 * 1024, 'b')],
    );
    expect(answer.status).toBe(413);
    expect(await runRowsOf(server, flowId)).toEqual([]);
  });

  it('answer 402 on /sync without credits, record the run QUOTA_EXCEEDED, and still answer 200 async', async () => {
    const { flowId } = await respondingFlow();
    await setCredits(0);
    try {
      const sync = await callWebhook(server, flowId, '/sync', jsonBody({ n: 1 }));
      expect(sync.status).toBe(402);
      expect(await sync.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', params: { metric: 'credits' } });
      const async = await callWebhook(server, flowId, '', jsonBody({ n: 2 }));
      expect(async.status).toBe(200);
      const rows = await runRowsOf(server, flowId);
      expect(rows.map((row) => row.status)).toEqual(['QUOTA_EXCEEDED', 'QUOTA_EXCEEDED']);
      expect(JSON.parse(rows[1]!.triggerPayload!)).toMatchObject({ body: { n: 2 } });
      const draft = await callWebhook(server, flowId, '/draft/sync', jsonBody({ n: 3 }));
      expect(draft.status).toBe(201);
    } finally {
      await setCredits(null);
    }
  });
});

async function recordingFlowUnpublished(): Promise<string> {
  const { flowId } = await buildFlow(
    server,
    user.token,
    projectId,
    chainOf(code('step_1', 'return 1;')),
    false,
  );
  return flowId;
}

/**
 * Sends the headers and `chunks` but never ends the request: an answer proves the server did not
 * wait for (or buffer) the whole body.
 */
function unfinishedRequest(
  path: string,
  headers: Record<string, string>,
  chunks: Buffer[] = [Buffer.from('{"a":')],
): Promise<{ status: number; text: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, path, method: 'POST', headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, text });
        });
      },
    );
    request.on('error', () => undefined); // the server closes the connection it refused
    setTimeout(() => reject(new Error('no answer while the body was still coming')), 5000).unref();
    for (const chunk of chunks) request.write(chunk);
  });
}
