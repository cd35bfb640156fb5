/**
 * Bodies sent with `Content-Encoding`: decoded for the REST API and webhooks alike, the size
 * limit counted on the decoded bytes (a bomb is 413 and writes nothing), unknown codings 415 and
 * undecodable bytes 400, always in the one error shape.
 */
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@piecework/shared';
import { buildFlow, callWebhook, chainOf, code, waitForRun } from '../testing/features/webhook-run-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import { rowCounts as countRows } from '../testing/row-counts';

const MB = 1024 * 1024;

let server: TestServer;
let user: TestUser;
let flowId: string;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  // REST body limit: max(file size + 4, run log size + 4, 25) MB = 25 MB; webhooks 1 MB.
  server = await startTestServer({
    AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB: '1',
    AP_MAX_FILE_SIZE_MB: '10',
    AP_MAX_FLOW_RUN_LOG_SIZE_MB: '10',
  });
  user = await signUpTestUser(server);
  ({ flowId } = await buildFlow(server, user.token, user.projectId!, chainOf(code('step_1', 'return 1;'))));
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

/** A JSON request body sent with `encoding` already applied. */
function encoded(encoding: string, bytes: Buffer): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    body: bytes,
  };
}

const restCall = async (init: RequestInit) =>
  answerOf(
    await fetch(`${server.apiUrl}/v1/projects`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${user.token}` },
    }),
  );
const webhookCall = async (init: RequestInit) => answerOf(await callWebhook(server, flowId, '', init));

const rowCounts = () => countRows(server, ['project', 'flowRun', 'file', 'job']);

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('encoded bodies that decode', () => {
  it.each([
    ['gzip', (bytes: Buffer) => gzipSync(bytes)],
    ['x-gzip', (bytes: Buffer) => gzipSync(bytes)],
    ['GZIP', (bytes: Buffer) => gzipSync(bytes)],
    ['deflate', (bytes: Buffer) => deflateSync(bytes)],
    ['deflate', (bytes: Buffer) => deflateRawSync(bytes)],
    ['br', (bytes: Buffer) => brotliCompressSync(bytes)],
    ['identity', (bytes: Buffer) => bytes],
    ['identity, gzip', (bytes: Buffer) => gzipSync(bytes)],
  ])('%s: the webhook trigger and the REST API get the decoded body', async (encoding, encode) => {
    const response = await callWebhook(server, flowId, '', encoded(encoding, encode(json({ n: 1 }))));
    expect(response.status).toBe(200);
    const run = await waitForRun(server, user.token, response.headers.get('x-webhook-id')!);
    expect(run.steps!['trigger']!.output).toMatchObject({ body: { n: 1 }, rawBody: '{"n":1}' });
    const rest = await restCall(encoded(encoding, encode(json({ displayName: `encoded ${encoding}` }))));
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ displayName: `encoded ${encoding}` });
  });
});

describe('encoded bodies that are refused', () => {
  const bomb = (bytes: number) => gzipSync(Buffer.alloc(bytes, 0x20));
  it.each([
    ['a gzip bomb over the webhook limit', 'gzip', bomb(2 * MB), bomb(30 * MB), 413, 'PAYLOAD_TOO_LARGE'],
    ['an unknown coding', 'compress', json({}), json({}), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['two codings', 'gzip, br', json({}), json({}), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['bytes that are not gzip', 'gzip', json({ n: 1 }), json({ n: 1 }), 400, 'VALIDATION'],
    ['a truncated gzip stream', 'gzip', gzipSync(json({ n: 1 })).subarray(0, 12), null, 400, 'VALIDATION'],
  ])(
    '%s: %s answers the same on both, writing nothing',
    async (_, encoding, hookBody, restBody, status, code) => {
      const before = await rowCounts();
      const webhook = await webhookCall(encoded(encoding, hookBody));
      const rest = await restCall(encoded(encoding, restBody ?? hookBody));
      for (const answer of [webhook, rest]) {
        expect(answer.status).toBe(status);
        const body = ErrorBody.parse(answer.body);
        expect(body.code).toBe(code);
        expect(String(body.params['message']).length).toBeGreaterThan(10);
      }
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('names the limit the decoded bytes went over', async () => {
    const answer = await webhookCall(encoded('gzip', bomb(2 * MB)));
    expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', params: { limitBytes: MB } });
  });
});
