/**
 * With AP_OTEL_ENABLED=true the server exports its log lines over OTLP/HTTP to the endpoint of
 * OTEL_EXPORTER_OTLP_ENDPOINT, with OTEL_EXPORTER_OTLP_HEADERS: a run's lines carry `flowRun.id`,
 * `flow.id`, `project.id` and `job.id`, the records their severity, body and time, the resource
 * `service.name` and `service.version`. What is queued is sent when the server stops. Without the
 * setting nothing is sent; a refusing or dead endpoint never fails a run, and an outage is logged
 * once. Each test waits on the receiver's arrivals, never on a guessed duration.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainOf,
  returnResponse,
  buildFlow,
  callWebhook,
  jsonBody,
} from '../../testing/features/webhook-run-test-kit';
import { startOtlpLogReceiver, type OtlpLogReceiver } from '../../testing/otlp-log-receiver';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser } from '../../testing/test-users';

/** A published flow of a new user on `server` answering `{ok: true}`, and a call of its sync webhook. */
async function answeringFlow(server: TestServer) {
  const user = await signUpTestUser(server);
  const { flowId } = await buildFlow(server, user.token, user.projectId!, [
    ...chainOf(returnResponse('answer', { status: 200, body: { ok: true } })),
  ]);
  const run = async () => {
    const answer = await callWebhook(server, flowId, '/sync', jsonBody({ n: 1 }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    return answer.headers.get('x-webhook-id')!;
  };
  return { flowId, projectId: user.projectId!, run };
}

const ranLine =
  (runId: string) => (record: { body: unknown; attributes: Readonly<Record<string, unknown>> }) =>
    record.body === 'Run executed' && record.attributes['flowRun.id'] === runId;

describe('with AP_OTEL_ENABLED=true', () => {
  let receiver: OtlpLogReceiver;
  let server: TestServer;
  let closed = false;
  beforeAll(async () => {
    receiver = await startOtlpLogReceiver();
    server = await startTestServer({
      AP_OTEL_ENABLED: 'true',
      AP_LOG_LEVEL: 'debug',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-key,x-tenant=acme',
    });
  });
  afterAll(async () => {
    if (!closed) await server.close();
    await receiver.close();
  });

  it("exports a run's lines with its ids, severity, body, time and the service resource", async () => {
    const { flowId, projectId, run } = await answeringFlow(server);
    const runId = await run();

    const record = await receiver.waitFor(ranLine(runId));
    expect(record.attributes).toMatchObject({
      'flowRun.id': runId,
      'flow.id': flowId,
      'project.id': projectId,
      status: 'SUCCEEDED',
    });
    expect(record.attributes['job.id']).toEqual(expect.any(String));
    expect(record.severityText).toBe('DEBUG');
    expect(record.severityNumber).toBe(5);
    const logged = server.logs.find(
      (line) =>
        line['msg'] === 'Run executed' && (line['flowRun'] as { id?: string } | undefined)?.id === runId,
    )!;
    expect(Number(BigInt(record.timeUnixNano!) / 1_000_000n)).toBe(logged['time']);
    expect(record.resource).toMatchObject({
      'service.name': 'piecework',
      'service.version': expect.any(String),
    });
    expect(record.headers).toMatchObject({ authorization: 'Bearer collector-key', 'x-tenant': 'acme' });

    const request = await receiver.waitFor((line) => line.body === 'request completed');
    expect(request.severityText).toBe('INFO');
    expect(request.attributes).toMatchObject({ 'res.statusCode': expect.any(Number) });
  });

  it('keeps answering webhooks while the collector refuses, and logs the outage once', async () => {
    const { run } = await answeringFlow(server);
    receiver.refuse(true);
    const refusedFrom = receiver.requestCount;
    for (let refused = 1; refused <= 3; refused++) {
      await run();
      await receiver.waitForRequests(refusedFrom + refused);
    }
    const outage = () =>
      server.logs.filter((line) =>
        String(line['msg']).startsWith('Exporting logs over OpenTelemetry failed'),
      );
    expect(outage()).toHaveLength(1);
    expect(outage()[0]).toMatchObject({ level: 40, records: expect.any(Number) });

    receiver.refuse(false);
    const runId = await run();
    await receiver.waitFor(ranLine(runId));
    await expect
      .poll(() => server.logs.find((line) => line['msg'] === 'Exporting logs over OpenTelemetry works again'))
      .toMatchObject({ dropped: expect.any(Number) });
    expect(outage()).toHaveLength(1);
  });

  it('sends the lines still queued when the server stops', async () => {
    const { run } = await answeringFlow(server);
    const runId = await run();
    closed = true;
    await server.close();
    expect(receiver.records.some(ranLine(runId))).toBe(true);
  });
});

it('sends nothing without AP_OTEL_ENABLED, even with an endpoint set', async () => {
  const receiver = await startOtlpLogReceiver();
  const server = await startTestServer({ AP_LOG_LEVEL: 'debug', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
  try {
    const { run } = await answeringFlow(server);
    const runId = await run();
    await expect.poll(() => server.logs.some((line) => line['msg'] === 'Run executed')).toBe(true);
    expect(runId).toEqual(expect.any(String));
  } finally {
    await server.close();
  }
  expect(receiver.requestCount).toBe(0);
  await receiver.close();
});

it('runs flows and stops when the endpoint is dead', async () => {
  const deadPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const server = await startTestServer({
    AP_OTEL_ENABLED: 'true',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${String(deadPort)}`,
    OTEL_EXPORTER_OTLP_TIMEOUT: '300',
  });
  try {
    const { run } = await answeringFlow(server);
    await run();
    await run();
    await expect
      .poll(() =>
        server.logs.filter((line) =>
          String(line['msg']).startsWith('Exporting logs over OpenTelemetry failed'),
        ),
      )
      .toHaveLength(1);
  } finally {
    await server.close();
  }
});
