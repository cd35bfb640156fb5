/**
 * A flow's Return Response with headers HTTP cannot carry as they are: the caller still gets the
 * flow's status and body; values beyond ASCII arrive as their UTF-8 bytes, and headers no HTTP
 * message may carry (control characters, a name that is not a token) are dropped and logged —
 * never Fastify's own 500 with its internal message.
 */
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlow, callWebhook, chainOf, returnResponse } from '../testing/features/webhook-run-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

let server: TestServer;
let user: TestUser;
// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

/** A published flow answering 201 `{ok: true}` with `headers`. */
async function flowAnsweringWith(headers: Record<string, string>): Promise<string> {
  const { flowId } = await buildFlow(
    server,
    user.token,
    user.projectId!,
    chainOf(returnResponse('step_1', { status: 201, headers, body: { ok: true } })),
  );
  return flowId;
}

/** Calls a flow answering with `headers` through `/sync`. */
async function answerWithHeaders(headers: Record<string, string>): Promise<Response> {
  return callWebhook(server, await flowAnsweringWith(headers), '/sync');
}

/** The raw bytes of each response header of `GET url` (Node's client reads them as Latin-1). */
function rawHeaderBytes(url: string): Promise<Record<string, Buffer>> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      const bytes: Record<string, Buffer> = {};
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        bytes[response.rawHeaders[i]!.toLowerCase()] = Buffer.from(response.rawHeaders[i + 1]!, 'latin1');
      }
      response.resume();
      response.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

describe('response headers a flow returns', () => {
  it('sends values beyond ASCII as their UTF-8 bytes and still answers', async () => {
    const flowId = await flowAnsweringWith({ 'x-utf8': 'héllo € ✓', 'x-latin1': 'café', 'x-plain': 'ok' });
    const bytes = await rawHeaderBytes(`${server.apiUrl}/v1/webhooks/${flowId}/sync`);
    expect(bytes['x-utf8']).toEqual(Buffer.from('héllo € ✓', 'utf8'));
    expect(bytes['x-latin1']).toEqual(Buffer.from('café', 'utf8'));
    expect(bytes['x-plain']).toEqual(Buffer.from('ok'));
    const response = await callWebhook(server, flowId, '/sync');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    // fetch hands header bytes back one character per byte (Latin-1): decode them as UTF-8.
    expect(Buffer.from(response.headers.get('x-utf8')!, 'latin1').toString('utf8')).toBe('héllo € ✓');
  });

  it.each([
    ['a value with CR LF', { 'x-split': 'a\r\nx-injected: 1' }, 'x-split'],
    ['a value with NUL', { 'x-nul': 'a\u0000b' }, 'x-nul'],
    ['a name with a space', { 'x bad': 'v' }, 'x bad'],
  ])('drops %s, still answers, and logs the header', async (_, headers, name) => {
    const response = await answerWithHeaders({ ...headers, 'x-plain': 'ok' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('x-plain')).toBe('ok');
    expect(response.headers.get('x-injected')).toBeNull();
    expect([...response.headers.keys()]).not.toContain(name);
    const warning = server.logs.find(
      (line) => line['level'] === 40 && JSON.stringify(line['headers']) === JSON.stringify([name]),
    );
    expect(warning).toBeDefined();
  });
});
