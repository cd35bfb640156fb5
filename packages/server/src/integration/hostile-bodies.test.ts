/**
 * Hostile request bodies get the same answer on the REST API and on a webhook: JSON nested too
 * deep and keys that could reach a prototype are 400 VALIDATION on both, write nothing, and never
 * change a prototype; bodies at the limit still work end to end.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@piecework/shared';
import { MAX_JSON_DEPTH } from '../infrastructure/http/json-body';
import { buildFlow, callWebhook, chainOf, code, waitForRun } from '../testing/features/webhook-run-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import { rowCounts as countRows } from '../testing/row-counts';

let server: TestServer;
let user: TestUser;
let flowId: string;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer({ AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB: '1' });
  user = await signUpTestUser(server);
  ({ flowId } = await buildFlow(server, user.token, user.projectId!, chainOf(code('step_1', 'return 1;'))));
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

/** `depth` nested objects (`{"a":{...}}`) around `1`. */
const nestedObjects = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** `depth` nested arrays around `1`. */
const nestedArrays = (depth: number): string => '['.repeat(depth) + '1' + ']'.repeat(depth);

interface Answer {
  status: number;
  body: unknown;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Creates a project whose metadata is the JSON text `json`. */
async function restCall(json: string): Promise<Answer> {
  const response = await fetch(`${server.apiUrl}/v1/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: `{"displayName":"hostile","metadata":${json}}`,
  });
  return answerOf(response);
}

/** Sends the JSON text `json` to the test flow's webhook (`suffix` as for callWebhook). */
async function webhookCall(json: string, suffix = ''): Promise<Answer> {
  const response = await callWebhook(server, flowId, suffix, {
    headers: { 'content-type': 'application/json' },
    body: json,
  });
  return answerOf(response);
}

const rowCounts = () => countRows(server, ['project', 'flowRun', 'file', 'job']);

function expectRefusal(answer: Answer, reason: string): void {
  expect(answer.status).toBe(400);
  const body = ErrorBody.parse(answer.body);
  expect(body.code).toBe('VALIDATION');
  expect(body.params['reason']).toBe(reason);
  expect(String(body.params['message']).length).toBeGreaterThan(10);
}

describe('hostile JSON bodies', () => {
  it.each([
    ['objects nested 5,000 deep', nestedObjects(5000), 'JSON_TOO_DEEP'],
    ['arrays nested 5,000 deep', nestedArrays(5000), 'JSON_TOO_DEEP'],
    ['objects one level over the limit', nestedObjects(MAX_JSON_DEPTH + 1), 'JSON_TOO_DEEP'],
    ['a __proto__ key', '{"__proto__":{"isAdmin":true}}', 'PROTOTYPE_KEY'],
    ['an escaped __proto__ key in an array', '[{"\\u005f_proto__":{"isAdmin":true}}]', 'PROTOTYPE_KEY'],
    ['a constructor.prototype key', '{"constructor":{"prototype":{"isAdmin":true}}}', 'PROTOTYPE_KEY'],
  ])('%s: the same 400 on the REST API and on a webhook, nothing written', async (_, json, reason) => {
    const before = await rowCounts();
    const rest = await restCall(json);
    const webhook = await webhookCall(json);
    expectRefusal(rest, reason);
    expectRefusal(webhook, reason);
    expect(webhook.body).toEqual(rest.body);
    expect(await rowCounts()).toEqual(before);
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });

  it('runs a webhook body nested as deep as the limit allows, end to end', async () => {
    const response = await callWebhook(server, flowId, '', {
      headers: { 'content-type': 'application/json' },
      body: nestedArrays(MAX_JSON_DEPTH),
    });
    expect(response.status).toBe(200);
    const run = await waitForRun(server, user.token, response.headers.get('x-webhook-id')!);
    expect(run.status).toBe('SUCCEEDED');
    expect((await restCall(nestedObjects(MAX_JSON_DEPTH - 1))).status).toBe(201);
  });

  it('refuses a multipart field named __proto__ and stores none of its files', async () => {
    const form = new FormData();
    form.append('file', new Blob(['bytes'], { type: 'text/plain' }), 'a.txt');
    form.append('__proto__', 'x');
    const before = await rowCounts();
    const answer = await answerOf(await callWebhook(server, flowId, '', { body: form }));
    expectRefusal(answer, 'PROTOTYPE_KEY');
    expect(await rowCounts()).toEqual(before);
  });

  it('drops prototype keys of form bodies and query strings (qs never sets them)', async () => {
    const response = await callWebhook(server, flowId, '?__proto__[isAdmin]=1&q=1', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1&a=1',
    });
    expect(response.status).toBe(200);
    const run = await waitForRun(server, user.token, response.headers.get('x-webhook-id')!);
    const output = run.steps!['trigger']!.output as { body: unknown; queryParams: unknown };
    expect(output.body).toEqual({ a: '1' });
    expect(output.queryParams).toEqual({ q: '1' });
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });
});

/** Random JSON texts whose keys are often the dangerous ones, some nested past the limit. */
const hostileJson: fc.Arbitrary<string> = fc
  .tuple(
    fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('1', '"x"', 'null', '"__proto__"'),
        fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
        fc
          .array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a'), tie('value')), {
            maxLength: 3,
          })
          .map((entries) => `{${entries.map(([key, value]) => `"${key}":${value}`).join(',')}}`),
      ),
    })).value,
    fc.constantFrom(0, 1, MAX_JSON_DEPTH, 2000),
  )
  // Inside an object, so that the REST API's schema (metadata is an object) takes it too.
  .map(([json, wrap]) => `{"v":${'['.repeat(wrap)}${json}${']'.repeat(wrap)}}`);

describe('random hostile JSON', () => {
  it('is answered alike by both, never with a 500, and never pollutes a prototype', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson, async (json) => {
        const [rest, webhook] = [await restCall(json), await webhookCall(json, '/test')];
        expect([200, 400]).toContain(webhook.status);
        expect(rest.status === 201).toBe(webhook.status === 200);
        if (webhook.status === 400) expect(webhook.body).toEqual(rest.body);
        expect(Object.keys(Object.prototype)).toEqual([]);
        expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
