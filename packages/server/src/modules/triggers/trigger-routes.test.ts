import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowOperation, PopulatedFlow, TriggerRequest } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { placeFixturePiece } from '../../testing/test-pieces';
import { signUpTestUser } from '../../testing/test-users';
import { flowsApi } from '../../testing/features/flow-test-kit';
import {
  POLL_PIECE,
  pollTrigger,
  runPayloadsOf,
  startItemSource,
  storeEntriesOf,
  triggerSourceOf,
} from '../../testing/features/trigger-test-kit';

const APP = '@fixtures/piece-app';
const SECRET = 'app-webhook-secret';
const APP_URL = `/v1/app-events/${encodeURIComponent(APP)}`;
const publish: FlowOperation = { type: 'LOCK_AND_PUBLISH', request: {} };

function appTrigger(triggerName: string, input: Record<string, unknown> = {}): TriggerRequest {
  return {
    name: 'trigger',
    displayName: 'App',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: { pieceName: APP, pieceVersion: '1.0.0', triggerName, propertySettings: {}, input },
  };
}

let server: TestServer;
let source: Awaited<ReturnType<typeof startItemSource>>;
let api: ReturnType<typeof flowsApi>;
let token: string;
let projectId: string;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer(
    {
      AP_SSRF_ALLOW_LIST: '127.0.0.1',
      AP_APP_WEBHOOK_SECRETS: JSON.stringify({ [APP]: { webhookSecret: SECRET } }),
    },
    { timerIntervalMs: 50 },
  );
  const { piecesDir } = server.server.context.settings;
  await placeFixturePiece(piecesDir, 'piece-app', '1.0.0');
  await placeFixturePiece(piecesDir, 'piece-poll', POLL_PIECE.version);
  source = await startItemSource();
  const user = await signUpTestUser(server);
  token = user.token;
  projectId = user.projectId!;
  api = flowsApi(server, token);
}, 60_000);
afterAll(async () => {
  await server.close();
  await source.close();
});

async function flowWith(trigger: TriggerRequest, ...operations: FlowOperation[]): Promise<PopulatedFlow> {
  const flow = await api.createFlow(projectId);
  return api.apply(flow.id, { type: 'UPDATE_TRIGGER', request: trigger }, ...operations);
}

const sendAppEvent = (body: unknown, secret = SECRET) =>
  fetch(`${server.apiUrl}${APP_URL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-secret': secret },
    body: JSON.stringify(body),
  });

describe('ALL /v1/app-events/:pieceUrl', () => {
  it('fans a verified event out to every enabled flow listening for its team, one run per item', async () => {
    const first = await flowWith(appTrigger('new_message', { team: 'T1' }), publish);
    const second = await flowWith(appTrigger('new_message', { team: 'T1' }), publish);
    const otherTeam = await flowWith(appTrigger('new_message', { team: 'T2' }), publish);
    const disabled = await flowWith(appTrigger('new_message', { team: 'T1' }), publish, {
      type: 'CHANGE_STATUS',
      request: { status: 'DISABLED' },
    });
    const answer = await sendAppEvent({ type: 'message', team: 'T1', text: 'hello' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({});
    for (const flow of [first, second]) {
      expect(await runPayloadsOf(server, flow.id)).toEqual([{ text: 'hello', team: 'T1' }]);
    }
    expect(await runPayloadsOf(server, otherTeam.id)).toEqual([]);
    expect(await runPayloadsOf(server, disabled.id)).toEqual([]);

    expect((await sendAppEvent({ type: 'message', team: 'T1', text: 'ignore me' })).status).toBe(200);
    expect(await runPayloadsOf(server, first.id)).toHaveLength(1);
  });

  it("answers the piece's own reply (a URL verification) and starts nothing", async () => {
    const answer = await sendAppEvent({ challenge: 'c-123' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ challenge: 'c-123' });
  });

  it('refuses an event that does not verify (401), one without an event (400), an unknown piece (404)', async () => {
    const flow = await flowWith(appTrigger('new_message', { team: 'T9' }), publish);
    const forged = await sendAppEvent({ type: 'message', team: 'T9', text: 'forged' }, 'wrong');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'AUTHENTICATION' });
    expect(await runPayloadsOf(server, flow.id)).toEqual([]);

    const empty = await sendAppEvent({ team: 'T9' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'VALIDATION', params: { pieceName: APP } });

    const unknown = await callApi(server.apiUrl, 'POST', '/v1/app-events/no-such-app', { body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
      params: { entityId: '@activepieces/piece-no-such-app' },
    });
  });

  it('stops reaching a flow once it is disabled or deleted', async () => {
    const flow = await flowWith(appTrigger('new_message', { team: 'T3' }), publish);
    await api.apply(flow.id, { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } });
    await sendAppEvent({ type: 'message', team: 'T3', text: 'late' });
    expect(await runPayloadsOf(server, flow.id)).toEqual([]);
    const listeners = await server.server.context.store.db
      .selectFrom('appEventListener')
      .selectAll()
      .where('flowId', '=', flow.id)
      .execute();
    expect(listeners).toEqual([]);
  });
});

describe('onRenew', () => {
  it('runs on the trigger renewConfiguration cron; onDisable runs when the flow is disabled', async () => {
    const flow = await flowWith(appTrigger('renewing_webhook'), publish);
    expect(await triggerSourceOf(server, flow.id)).toMatchObject({
      strategy: 'WEBHOOK',
      renewCron: '*/15 * * * *',
    });
    const key = (name: string) => `flow_${flow.id}/${name}`;
    expect(await storeEntriesOf(server, projectId)).toMatchObject({ [key('subscription')]: 'created' });
    const madeDueAt = new Date().toISOString();
    await server.server.context.store.write((trx) =>
      trx
        .updateTable('triggerSource')
        .set({ nextRenewAt: '2020-01-01T00:00:00.000Z' })
        .where('flowId', '=', flow.id)
        .execute(),
    );
    // A renewal's last write sets the next renewal, after onRenew's own writes (its store entry):
    // once it is set, the renewal is over.
    const nextRenewAt = await vi.waitFor(
      async () => {
        const next = (await triggerSourceOf(server, flow.id))?.nextRenewAt;
        expect(next).not.toBe('2020-01-01T00:00:00.000Z');
        return next;
      },
      { timeout: 10_000 },
    );
    // The cron's next quarter hour after the renewal, in the stored form, on either database.
    expect(nextRenewAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:(00|15|30|45):00\.000000Z$/);
    expect(nextRenewAt! > madeDueAt).toBe(true);
    expect((await storeEntriesOf(server, projectId))[key('renewals')]).toBe(1);
    await api.apply(flow.id, { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } });
    expect(await storeEntriesOf(server, projectId)).toMatchObject({ [key('subscription')]: 'deleted' });
  });
});

describe('a WEBHOOK trigger of an npm piece', () => {
  const post = (flowId: string, suffix: string, body: unknown) =>
    fetch(`${server.apiUrl}/v1/webhooks/${flowId}${suffix}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const triggerOutputs = async (flowId: string) =>
    (
      await server.server.context.store.db
        .selectFrom('flowRun')
        .select('triggerPayload')
        .where('flowId', '=', flowId)
        .orderBy('created')
        .execute()
    ).map((run) => JSON.parse(run.triggerPayload ?? 'null') as unknown);

  it("starts one run per item of the trigger's own run hook, and none for a request it ignores", async () => {
    const flow = await flowWith(appTrigger('renewing_webhook'), publish);
    const batch = await post(flow.id, '', { events: [{ n: 1 }, { n: 2 }] });
    expect(batch.status).toBe(200);
    const firstRunId = batch.headers.get('x-webhook-id');
    expect(await triggerOutputs(flow.id)).toEqual([{ n: 1 }, { n: 2 }]);

    const ping = await post(flow.id, '', { ping: true });
    expect(ping.status).toBe(200);
    expect(ping.headers.get('x-webhook-id')).toBeNull();
    expect((await post(flow.id, '/sync', { ping: true })).status).toBe(204);
    expect(await triggerOutputs(flow.id)).toHaveLength(2);

    const single = await post(flow.id, '', { n: 3 });
    expect(single.headers.get('x-webhook-id')).not.toBe(firstRunId);
    expect(await triggerOutputs(flow.id)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it("stores the first item of the trigger's run hook as sample data on the test URL", async () => {
    const flow = await flowWith(appTrigger('renewing_webhook'));
    expect((await post(flow.id, '/test', { events: [{ n: 5 }, { n: 6 }] })).status).toBe(200);
    const saved = (await api.get(flow.id)).body as PopulatedFlow;
    const { sampleData } = saved.version.trigger.settings as { sampleData?: { sampleDataFileId?: string } };
    const file = await server.server.context.store.db
      .selectFrom('file')
      .select('data')
      .where('id', '=', sampleData!.sampleDataFileId!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(file.data))).toEqual({ n: 5 });
    expect(await triggerOutputs(flow.id)).toEqual([]);
  });

  it("answers a vendor's handshake with the trigger's onHandshake reply and starts no run", async () => {
    const flow = await flowWith(appTrigger('handshake_webhook'), publish);
    const handshake = await post(flow.id, '?validationToken=abc-123', {});
    expect(handshake.status).toBe(200);
    expect(handshake.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await handshake.text()).toBe('abc-123');
    expect(await triggerOutputs(flow.id)).toEqual([]);
    expect((await post(flow.id, '', { n: 1 })).status).toBe(200);
    expect(await triggerOutputs(flow.id)).toEqual([{ n: 1 }]);
  });
});

describe('republishing an enabled flow', () => {
  const subscriptionOf = async (flowId: string) =>
    (await storeEntriesOf(server, projectId))[`flow_${flowId}/subscription`];

  it("disables the old version's trigger before enabling the new one's", async () => {
    const flow = await flowWith(appTrigger('renewing_webhook'), publish);
    const republished = await api.apply(
      flow.id,
      { type: 'CHANGE_NAME', request: { displayName: 'v2' } },
      publish,
    );
    expect(republished.publishedVersionId).not.toBe(flow.publishedVersionId);
    expect(await triggerSourceOf(server, flow.id)).toMatchObject({
      flowVersionId: republished.publishedVersionId,
    });
    // onDisable (old) wrote 'deleted', then onEnable (new) 'created': the new subscription stands.
    expect(await subscriptionOf(flow.id)).toBe('created');
  });

  it('enables the old trigger again when the new one refuses, and keeps the old version published', async () => {
    const flow = await flowWith(appTrigger('renewing_webhook'), publish);
    await api.apply(flow.id, { type: 'UPDATE_TRIGGER', request: pollTrigger(source.url, 'refusing') });
    const answer = await api.operate(flow.id, publish);
    expect(answer.status).toBe(409);
    expect((await api.get(flow.id)).body).toMatchObject({
      status: 'ENABLED',
      publishedVersionId: flow.publishedVersionId,
    });
    expect(await triggerSourceOf(server, flow.id)).toMatchObject({ flowVersionId: flow.publishedVersionId });
    expect(await subscriptionOf(flow.id)).toBe('created');
  });
});

describe('POST /v1/test-trigger', () => {
  it('TEST_FUNCTION answers the items of the test hook and saves the first as sample data', async () => {
    source.add('one');
    source.add('two');
    const flow = await flowWith(pollTrigger(source.url));
    const answer = await callApi<{ data: { payload: unknown; sourceName: string }[] }>(
      server.apiUrl,
      'POST',
      '/v1/test-trigger',
      {
        token,
        body: { projectId, flowId: flow.id, flowVersionId: flow.version.id, testStrategy: 'TEST_FUNCTION' },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((event) => event.payload)).toEqual([
      expect.objectContaining({ title: 'two' }),
      expect.objectContaining({ title: 'one' }),
    ]);
    expect(answer.body.data[0]!.sourceName).toBe(`${POLL_PIECE.name}@${POLL_PIECE.version}:new_item`);
    const saved = (await api.get(flow.id)).body as PopulatedFlow;
    const trigger = saved.version.trigger as { settings: { sampleData?: { sampleDataFileId?: string } } };
    expect(trigger.settings.sampleData?.sampleDataFileId).toEqual(expect.any(String));
    expect(await triggerSourceOf(server, flow.id)).toBeUndefined();
  });

  it('SIMULATION answers no items; a trigger that fails its test is 409 with the piece message', async () => {
    const flow = await flowWith(appTrigger('new_message', { team: 'T1' }));
    const simulate = await callApi(server.apiUrl, 'POST', '/v1/test-trigger', {
      token,
      body: { projectId, flowId: flow.id, flowVersionId: flow.version.id, testStrategy: 'SIMULATION' },
    });
    expect(simulate.body).toEqual({ data: [], next: null, previous: null });

    source.failNext(1);
    const polling = await flowWith(pollTrigger(source.url));
    const failed = await callApi(server.apiUrl, 'POST', '/v1/test-trigger', {
      token,
      body: {
        projectId,
        flowId: polling.id,
        flowVersionId: polling.version.id,
        testStrategy: 'TEST_FUNCTION',
      },
    });
    expect(failed.status).toBe(409);
    expect(failed.body).toMatchObject({
      code: 'VALIDATION',
      params: { reason: expect.stringContaining('500') },
    });
  });
});
