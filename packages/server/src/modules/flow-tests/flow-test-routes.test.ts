/**
 * Flow tests and replay through a real server: a test case saved from a real run (its HTTP step
 * called a loopback service) passes again with the service gone; a wrong expectation fails with a
 * readable diff; replaying 20 past runs against a draft with another branch condition names
 * exactly the runs whose path changed.
 */
import { createPieceworkClient, isApiError, type PieceworkClient } from '@piecework/client';
import type { FlowOperation } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { flowsApi, routerStep } from '../../testing/features/flow-test-kit';
import {
  addAfter,
  addInBranch,
  buildFlow,
  code,
  returnResponse,
  waitForRun,
} from '../../testing/features/webhook-run-test-kit';
import {
  httpGet,
  runThroughWebhook,
  startPriceService,
  type PriceService,
} from '../../testing/features/flow-tests-test-kit';

let server: TestServer;
let owner: TestUser;
let client: PieceworkClient;

beforeAll(async () => {
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' });
  owner = await signUpTestUser(server);
  client = createPieceworkClient({ baseUrl: server.url, token: owner.token });
});
afterAll(() => server.close());

/** Webhook -> GET the SKU's price -> total = price * quantity -> answer {total}. */
function orderFlow(prices: PriceService): FlowOperation[] {
  return [
    addAfter(httpGet('price', `${prices.url}/price?sku={{trigger['output'].body.sku}}`), 'trigger'),
    addAfter(
      code('total', 'return { total: inputs.price * inputs.quantity };', {
        price: "{{price['output'].body.price}}",
        quantity: "{{trigger['output'].body.quantity}}",
      }),
      'price',
    ),
    addAfter(
      returnResponse('answer', { status: 200, body: { total: "{{total['output'].total}}" } }),
      'total',
    ),
  ];
}

describe('flow test cases', () => {
  it('saves a real run as a test case that passes again with the service it called gone', async () => {
    const prices = await startPriceService();
    const { flowId } = await buildFlow(server, owner.token, owner.projectId!, orderFlow(prices));
    const runId = await runThroughWebhook(server, flowId, { sku: 'abc', quantity: 2 });
    const run = await waitForRun(server, owner.token, runId);
    expect(run.status).toBe('SUCCEEDED');
    expect(prices.requests).toBe(1);

    const testCase = await client.flowTests.createFromRun(flowId, { runId, displayName: 'Order of abc' });
    expect(testCase).toMatchObject({ flowId, sourceRunId: runId, displayName: 'Order of abc' });
    expect(Object.keys(testCase.recordings)).toEqual(['price', 'answer']);
    expect(testCase.expectations).toEqual(
      expect.arrayContaining([
        { type: 'STEP_OUTPUT', stepName: 'total', equals: { total: 60 } },
        { type: 'RUN_STATUS', status: 'SUCCEEDED' },
        { type: 'RESPONSE', status: 200, body: { total: 60 } },
      ]),
    );

    await prices.close();
    const outcome = await client.flowTests.run(flowId, {});
    expect(outcome).toMatchObject({ passed: 1, failed: 0 });
    expect(outcome.results[0]).toMatchObject({ testCaseId: testCase.id, passed: true, failures: [] });
    expect(outcome.results[0]!.steps.map(({ stepName, source }) => [stepName, source])).toEqual([
      ['price', 'RECORDED'],
      ['total', 'RAN'],
      ['answer', 'RAN'],
    ]);
    expect(prices.requests).toBe(1);
  });

  it('fails a wrong expectation with a line diff of expected and actual', async () => {
    const prices = await startPriceService();
    const { flowId } = await buildFlow(server, owner.token, owner.projectId!, orderFlow(prices));
    await prices.close();
    const recorded = { status: 200, headers: {}, body: { sku: 'abcd', price: 40 } };
    const testCase = await client.flowTests.create(flowId, {
      displayName: 'Three of abcd',
      triggerOutput: { body: { sku: 'abcd', quantity: 3 } },
      recordings: { price: { output: recorded, status: 'SUCCEEDED' } },
      expectations: [
        { type: 'STEP_OUTPUT', stepName: 'total', path: 'total', equals: 100 },
        { type: 'RESPONSE', body: { total: 120 } },
      ],
    });
    const outcome = await client.flowTests.run(flowId, { testCaseIds: [testCase.id] });
    expect(outcome).toMatchObject({ passed: 0, failed: 1 });
    const [failure, ...others] = outcome.results[0]!.failures;
    expect(others).toEqual([]);
    expect(failure).toMatchObject({
      actual: 120,
      message: "Step total's output at total differs",
      diff: '- 100\n+ 120',
    });
  });

  it('lists, renames and deletes test cases; another flow cannot see them', async () => {
    const { flowId } = await buildFlow(server, owner.token, owner.projectId!, [], false);
    const created = await client.flowTests.create(flowId, { displayName: 'Empty', triggerOutput: {} });
    const renamed = await client.flowTests.update(created.id, { displayName: 'Renamed' });
    expect(renamed).toMatchObject({ id: created.id, displayName: 'Renamed' });
    expect((await client.flowTests.list(flowId)).map((one) => one.displayName)).toEqual(['Renamed']);
    await client.flowTests.delete(created.id);
    expect(await client.flowTests.list(flowId)).toEqual([]);
    const gone = await client.flowTests.delete(created.id).catch((error: unknown) => error);
    expect(isApiError(gone, 'ENTITY_NOT_FOUND')).toBe(true);
  });
});

describe('replay before publishing', () => {
  it('replays 20 recorded runs against a draft with another branch condition and names the runs whose path changed', async () => {
    const prices = await startPriceService();
    const above = (threshold: string) =>
      routerStep('route', 'Large', {
        operator: 'NUMBER_IS_GREATER_THAN',
        firstValue: "{{trigger['output'].body.quantity}}",
        secondValue: threshold,
      });
    const { flowId } = await buildFlow(server, owner.token, owner.projectId!, [
      addAfter(httpGet('price', `${prices.url}/price?sku={{trigger['output'].body.sku}}`), 'trigger'),
      addAfter(above('10'), 'price'),
      addInBranch(code('large', 'return "large";'), 'route', 0),
      addInBranch(code('small', 'return "small";'), 'route', 1),
    ]);
    const runIds: string[] = [];
    for (let quantity = 1; quantity <= 20; quantity++) {
      runIds.push(await runThroughWebhook(server, flowId, { sku: `sku-${quantity}`, quantity }));
    }
    for (const runId of runIds)
      expect((await waitForRun(server, owner.token, runId)).status).toBe('SUCCEEDED');
    await prices.close();

    await flowsApi(server, owner.token).apply(flowId, { type: 'UPDATE_ACTION', request: above('15') });
    const replay = await client.flowTests.replay(flowId, { limit: 20 });

    const moved = runIds.slice(10, 15);
    expect(replay.summary).toEqual({ same: 15, changed: 5, wouldCallService: 0, failed: 0 });
    expect(
      replay.runs
        .filter((run) => run.pathChanged)
        .map((run) => run.runId)
        .sort(),
    ).toEqual([...moved].sort());
    const one = replay.runs.find((run) => run.runId === moved[0])!;
    expect(one).toMatchObject({ outcome: 'CHANGED', pathChanged: true });
    expect(one.changedSteps.map(({ stepName, change }) => [stepName, change])).toEqual([
      ['route', 'CHANGED'],
      ['small', 'ADDED'],
      ['large', 'REMOVED'],
    ]);
    expect(prices.requests).toBe(20);
  });
});
