/**
 * Real flow exports found in the wild, imported through IMPORT_FLOW over loopback HTTP as they
 * were exported (any wrapper, any schema version): those using only built-in pieces are
 * published and run from their webhook to SUCCEEDED; formats that can never be imported are
 * refused with a 400 naming why, and the draft is left as it was. Code artifacts that are ZIP
 * bombs are refused the same way, without the server's memory growing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowOperation } from '@piecework/shared';
import { expectStatus, flowsApi } from '../testing/features/flow-test-kit';
import { callWebhook, jsonBody, waitForRun } from '../testing/features/webhook-run-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import { zipBomb } from '../../../shared/src/flows/import/test-archives';

const FIXTURES = new URL('../../../shared/src/flows/import/fixtures/', import.meta.url);
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8'));

/** The IMPORT_FLOW operation carrying an export exactly as it was found. */
const importAsFound = (name: string) =>
  ({ type: 'IMPORT_FLOW', request: fixture(name) }) as unknown as FlowOperation;

let server: TestServer;
let user: TestUser;
// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

describe('importing real exports', () => {
  it.each([
    // [fixture, steps skipped before publishing (they need the network or wait minutes), webhook body, steps run]
    ['ap-skill-webhook-router-http-populated', [], { event: 'call.started' }, ['trigger', 'step_1']],
    [
      'sameul-p0-logic-router-loop-builtins-bare',
      ['step_6'],
      { items: [1, 2, 3] },
      ['trigger', 'step_1', 'step_2', 'step_4', 'step_5', 'step_7'],
    ],
    ['sameul-p0-delay-code-bare', ['step_1'], {}, ['trigger', 'step_2']],
  ])('%s imports, publishes and runs to SUCCEEDED', async (name, skipped, body, ran) => {
    const api = flowsApi(server, user.token);
    const flow = await api.createFlow(user.projectId!, 'Imported');
    const imported = await api.apply(flow.id, importAsFound(name));
    expect(imported.version.valid).toBe(true);
    if (skipped.length > 0)
      await api.apply(flow.id, { type: 'SET_SKIP_ACTION', request: { names: skipped, skip: true } });
    await api.apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });

    const answer = await callWebhook(server, flow.id, '', jsonBody(body));
    expect(answer.status).toBe(200);
    const run = await waitForRun(server, user.token, answer.headers.get('x-webhook-id') ?? '');
    expect(run.status).toBe('SUCCEEDED');
    for (const step of ran) expect(Object.keys(run.steps ?? {})).toContain(step);
  });

  it('imports the flow with an EMPTY trigger as a draft that is not valid yet', async () => {
    const api = flowsApi(server, user.token);
    const flow = await api.createFlow(user.projectId!, 'Imported');
    const imported = await api.apply(flow.id, importAsFound('eightbit-data-passthrough-empty-trigger-flows'));
    expect(imported.version).toMatchObject({
      displayName: 'Data Passthrough',
      valid: false,
      trigger: { type: 'EMPTY' },
    });
  });

  it.each([
    ['ap-2022-engine-flow-with-loops', 'FORMAT_2022'],
    ['ap-2022-engine-nested-loop-merge-iterations', 'FORMAT_2022'],
    ['mapo80-fork-interactive-flow-v20-flows', 'UNKNOWN_STEP_TYPE'],
  ])('refuses %s with 400 %s and keeps the draft', async (name, reason) => {
    const api = flowsApi(server, user.token);
    const flow = await api.createFlow(user.projectId!, 'Kept');
    const answer = await api.operate(flow.id, importAsFound(name));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'FLOW_OPERATION_INVALID', params: { reason } });
    expect((answer.body as unknown as { params: { message: string } }).params.message).toMatch(
      /cannot be imported/,
    );
    const after = expectStatus(await api.get(flow.id), 200);
    expect(after.version).toEqual(flow.version);
  });

  it('reads a CODE step kept only as an artifact into its source', async () => {
    const api = flowsApi(server, user.token);
    const flow = await api.createFlow(user.projectId!, 'Imported');
    const imported = await api.apply(flow.id, importAsFound('built-code-artifact-template'));
    const step = imported.version.trigger.nextAction;
    expect(step).toMatchObject({ type: 'CODE', name: 'step_1' });
    const { sourceCode } = (step as { settings: { sourceCode: { code: string; packageJson: string } } })
      .settings;
    expect(sourceCode.code).toMatch(/^import _ from 'lodash';/);
    expect(JSON.parse(sourceCode.packageJson)).toEqual({ dependencies: { lodash: '^4.17.21' } });
  });

  it('refuses an artifact that is not a ZIP archive with 400 CODE_ARTIFACT and keeps the draft', async () => {
    const api = flowsApi(server, user.token);
    const flow = await api.createFlow(user.projectId!, 'Kept');
    const broken = {
      displayName: 'Broken artifact',
      trigger: {
        name: 'trigger',
        type: 'EMPTY',
        settings: {},
        nextAction: { name: 'step_1', type: 'CODE', settings: { input: {}, artifact: 'bm90IGEgemlw' } },
      },
    };
    const answer = await api.operate(flow.id, {
      type: 'IMPORT_FLOW',
      request: broken,
    } as unknown as FlowOperation);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'FLOW_OPERATION_INVALID',
      params: { reason: 'CODE_ARTIFACT', path: 'trigger.nextAction' },
    });
    const after = expectStatus(await api.get(flow.id), 200);
    expect(after.version).toEqual(flow.version);
  });

  const MiB = 1024 * 1024;
  it.each([
    // [the bomb, what the refusal names]
    ['a 13 KiB artifact of 100 entries sharing 5 MiB of zeros', 100, 'it has more than 64 entries'],
    [
      'an artifact whose index.ts, index.js and package.json share 5 MiB of zeros',
      3,
      'index.ts is larger than 262144 bytes',
    ],
  ])('refuses %s with 400 CODE_ARTIFACT, its memory bounded', async (_, entries, why) => {
    const api = flowsApi(server, user.token);
    const flow = await api.createFlow(user.projectId!, 'Kept');
    const artifact = zipBomb({ inflatedBytes: 5 * MiB, entries });
    const request = {
      displayName: 'ZIP bomb',
      trigger: {
        name: 'trigger',
        type: 'EMPTY',
        settings: {},
        nextAction: { name: 'step_1', type: 'CODE', settings: { input: {}, artifact } },
      },
    };
    const rssBefore = process.memoryUsage().rss;
    const answer = await api.operate(flow.id, { type: 'IMPORT_FLOW', request } as unknown as FlowOperation);
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'FLOW_OPERATION_INVALID',
      params: { reason: 'CODE_ARTIFACT', path: 'trigger.nextAction' },
    });
    expect((answer.body as unknown as { params: { message: string } }).params.message).toContain(
      `cannot be read (${why})`,
    );
    // Inflating every entry took ~517 MiB for the 13 KiB bomb.
    expect(rssGrowth).toBeLessThan(32 * MiB);
    const after = expectStatus(await api.get(flow.id), 200);
    expect(after.version).toEqual(flow.version);
  });
});
