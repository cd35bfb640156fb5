import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../testing/local-server';
import type { LocalHandler } from '../testing/local-server';
import { runAction, testRequest, testServices, testTriggerContext } from '../testing/test-services';
import { subflowsPiece } from './index';

/** A project flow in Activepieces' PopulatedFlow shape. */
const flow = (
  id: string,
  externalId: string,
  status: string,
  pieceName = '@activepieces/piece-subflows',
) => ({
  id,
  externalId,
  status,
  version: {
    displayName: `Flow ${externalId}`,
    trigger: {
      type: 'PIECE_TRIGGER',
      settings: { pieceName, input: { exampleData: { sampleData: { n: 1 } } } },
    },
  },
});
const projectFlows = [
  flow('flow_child', 'child', 'ENABLED'),
  flow('flow_off', 'off', 'DISABLED'),
  flow('flow_other', 'other', 'ENABLED', '@activepieces/piece-webhook'),
];

let server: Awaited<ReturnType<typeof startLocalServer>>;
let route: LocalHandler = () => ({});
beforeAll(async () => {
  server = await startLocalServer((request) => route(request));
});
afterAll(() => server.close());

/** Services whose server is the local test server ("the Piecework server"). */
const serverServices = () => {
  server.requests.length = 0;
  return testServices({
    urls: { apiUrl: `${server.url}/api/`, publicUrl: `${server.url}/api/` },
    listFlows: async ({ externalIds }) =>
      projectFlows.filter((f) => !externalIds || externalIds.includes(f.externalId)),
  });
};

describe('callFlow', () => {
  it('posts the payload to the sub-flow webhook and outputs the answer', async () => {
    const services = serverServices();
    route = () => ({ status: 200, body: '{"accepted":true}' });
    const outcome = await runAction(
      subflowsPiece,
      'callFlow',
      { flowId: 'child', mode: 'simple', flowProps: { payload: { a: 1 } } },
      { services },
    );
    expect(outcome).toEqual({ status: 'SUCCEEDED', output: { accepted: true } });
    expect(server.requests).toMatchObject([
      {
        method: 'POST',
        url: '/api/v1/webhooks/flow_child',
        headers: {
          'ap-parent-run-id': 'run_1',
          'ap-fail-parent-on-failure': 'false',
          'content-type': 'application/json',
        },
      },
    ]);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ data: { a: 1 } });
  });

  it('waits for the response on a webhook waitpoint whose resume URL is the callback', async () => {
    const services = serverServices();
    route = () => ({ status: 200, body: '{}' });
    const props = {
      flowId: 'child',
      mode: 'advanced',
      flowProps: { payload: [1, 2] },
      waitForResponse: true,
    };
    const paused = await runAction(subflowsPiece, 'callFlow', props, { services });
    if (paused.status !== 'PAUSED' || paused.pause.type !== 'WEBHOOK')
      throw new Error('expected a webhook pause');
    expect(server.requests[0]!.headers['ap-fail-parent-on-failure']).toBe('true');
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      data: [1, 2],
      callbackUrl: `${server.url}/api/v1/flow-runs/run_1/requests/${paused.pause.requestId}`,
    });

    const resume = (body: unknown) => ({
      request: { resume: { body, headers: {}, queryParams: {} } },
      services,
    });
    expect(
      await runAction(subflowsPiece, 'callFlow', props, resume({ status: 'success', data: { r: 1 } })),
    ).toEqual({
      status: 'SUCCEEDED',
      output: { status: 'success', data: { r: 1 } },
    });
    expect(
      await runAction(subflowsPiece, 'callFlow', props, resume({ status: 'error', data: 'boom' })),
    ).toEqual({
      status: 'FAILED',
      message: 'The subflow failed: boom',
    });
  });

  it.each([
    ['a disabled flow', 'off', 'The subflow Flow off is disabled'],
    [
      'a flow without a Callable Flow trigger',
      'other',
      'No flow with a Callable Flow trigger has the id other',
    ],
    ['an unknown flow', 'nope', 'No flow with a Callable Flow trigger has the id nope'],
  ])('fails on %s', async (_, flowId, message) => {
    const services = serverServices();
    const outcome = await runAction(
      subflowsPiece,
      'callFlow',
      { flowId, mode: 'simple', flowProps: { payload: {} } },
      { services },
    );
    expect(outcome).toEqual({ status: 'FAILED', message: expect.stringContaining(message) });
    expect(server.requests).toHaveLength(0);
  });

  it('fails when the server refuses the call', async () => {
    const services = serverServices();
    route = () => ({ status: 404, body: '{"message":"no such flow"}' });
    const outcome = await runAction(
      subflowsPiece,
      'callFlow',
      { flowId: 'child', mode: 'simple', flowProps: { payload: {} } },
      { services },
    );
    expect(outcome).toEqual({
      status: 'FAILED',
      message: 'Calling the subflow failed with status 404: {"message":"no such flow"}',
    });
  });

  it('lists callable flows as choices', async () => {
    const services = serverServices();
    const { ctx } = testTriggerContext({ services });
    const options = subflowsPiece.actions.callFlow!.props.flowId!.options as (
      v: object,
      c: object,
    ) => Promise<unknown>;
    expect(await options({}, ctx)).toEqual({
      options: [
        { value: 'child', label: 'Flow child' },
        { value: 'off', label: 'Flow off (inactive)' },
      ],
    });
  });
});

describe('callableFlow and returnResponse', () => {
  const child = { ...testRequest().run, id: 'run_child' };

  it('starts a run with the call body and returns the response to the callback URL', async () => {
    const services = serverServices();
    route = () => ({ status: 200 });
    const trigger = subflowsPiece.triggers.callableFlow as typeof subflowsPiece.triggers.callableFlow & {
      onStart(ctx: unknown): Promise<void>;
    };
    const body = { data: { a: 1 }, callbackUrl: `${server.url}/api/v1/flow-runs/run_1/requests/w1` };
    const { ctx } = testTriggerContext({ services, runId: 'run_child', payload: { body } });
    expect(await trigger!.run(ctx)).toEqual([body]);
    await trigger.onStart(ctx);

    const outcome = await runAction(
      subflowsPiece,
      'returnResponse',
      { mode: 'simple', response: { response: { done: true } } },
      { services, request: { run: child } },
    );
    expect(outcome).toEqual({ status: 'SUCCEEDED', output: { done: true } });
    expect(server.requests).toMatchObject([{ method: 'POST', url: '/api/v1/flow-runs/run_1/requests/w1' }]);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ status: 'success', data: { done: true } });
  });

  it('only outputs the response when the caller does not wait', async () => {
    const services = serverServices();
    const outcome = await runAction(
      subflowsPiece,
      'returnResponse',
      { mode: 'simple', response: { response: { x: 1 } } },
      { services },
    );
    expect(outcome).toEqual({ status: 'SUCCEEDED', output: { x: 1 } });
    expect(server.requests).toHaveLength(0);
  });

  it('retries 5xx answers with backoff', async () => {
    const services = serverServices();
    let calls = 0;
    route = () => ({ status: ++calls < 3 ? 503 : 200 });
    await services.store.put('flow_flow_1/callableFlow_run_child', `${server.url}/cb`, 'FLOW');
    const sleeps: number[] = [];
    const outcome = await runAction(
      subflowsPiece,
      'returnResponse',
      { mode: 'advanced', response: { response: 7 } },
      {
        services,
        request: { run: child },
        sleep: async (ms) => void sleeps.push(ms),
      },
    );
    expect(outcome).toEqual({ status: 'SUCCEEDED', output: 7 });
    expect(sleeps).toEqual([1_000, 2_000]);
  });

  it('does not retry a refused address', async () => {
    const services = serverServices();
    await services.store.put('flow_flow_1/callableFlow_run_child', 'http://10.0.0.1/cb', 'FLOW');
    const sleeps: number[] = [];
    const outcome = await runAction(
      subflowsPiece,
      'returnResponse',
      { mode: 'simple', response: { response: {} } },
      {
        services,
        request: { run: child },
        sleep: async (ms) => void sleeps.push(ms),
      },
    );
    expect(outcome.status === 'FAILED' && outcome.message).toContain('blocked: private address');
    expect(sleeps).toEqual([]);
  });

  it('gives test data with a mock callback', async () => {
    const { ctx } = testTriggerContext({
      propsValue: { mode: 'simple', exampleData: { sampleData: { n: 1 } } },
    });
    expect(await subflowsPiece.triggers.callableFlow!.test!(ctx)).toEqual([
      { data: { n: 1 }, callbackUrl: 'MOCK' },
    ]);
  });
});
