import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NpmPieceHost } from './npm-piece-host';
import { REAL_PIECES, testResolver } from './testing/fixture-pieces';
import { startLocalServer } from './testing/local-server';
import { actionRequest, runInfo, triggerRequest } from './testing/requests';
import { testServices } from './testing/test-services';

/** Unmodified core pieces (framework V0, V1 and V2 contexts) through the npm host. */
describe('core npm pieces through NpmPieceHost', () => {
  let host: NpmPieceHost;
  beforeAll(() => {
    host = new NpmPieceHost({ resolvePiece: testResolver(), poolSize: 2 });
  });
  afterAll(() => host.close());

  describe('webhook 0.1.29 (V1)', () => {
    const { services } = testServices();
    const response = (respond: string) =>
      actionRequest(REAL_PIECES.webhook, 'return_response', {
        fields: { status: '201', headers: { 'x-flow': 'A' }, body: '{"ok":true}' },
        respond,
      });

    it('return_response in stop mode stops the flow with the response (the DYNAMIC schema applied)', async () => {
      expect(await host.runAction(response('stop'), services)).toEqual({
        status: 'STOPPED',
        output: { status: 201, headers: { 'x-flow': 'A' }, body: { ok: true } },
        response: { status: 201, headers: { 'x-flow': 'A' }, body: { ok: true } },
      });
    });

    it('return_response in respond mode answers and goes on', async () => {
      expect(await host.runAction(response('respond'), services)).toMatchObject({
        status: 'SUCCEEDED',
        respond: { status: 201, body: { ok: true } },
      });
    });

    it('return_response_and_wait_for_next_webhook pauses with its response (V1 pause), then resumes', async () => {
      const input = { fields: { body: { step: 1 } } };
      const request = actionRequest(REAL_PIECES.webhook, 'return_response_and_wait_for_next_webhook', input);
      const paused = await host.runAction(request, services);
      expect(paused).toMatchObject({
        status: 'PAUSED',
        pause: { type: 'WEBHOOK', response: { status: 200, body: { step: 1 } } },
      });
      const { pause, output } = paused as {
        pause: { requestId: string };
        output: { nextWebhookUrl: string };
      };
      expect(output.nextWebhookUrl).toMatch(
        new RegExp(`^http://localhost:3000/v1/flow-runs/run_1/requests/${pause.requestId}/sync\\?created=`),
      );
      const resume = { body: { answer: 42 }, headers: { 'x-a': '1' }, queryParams: { q: '1' } };
      expect(await host.runAction({ ...request, resume }, services)).toEqual({
        status: 'SUCCEEDED',
        output: resume,
      });
    });

    it.each([
      ['no auth', { authType: 'none' }, {}, 1],
      [
        'a matching header',
        { authType: 'header', authFields: { headerName: 'X-Secret', headerValue: 's3' } },
        { 'x-secret': 's3' },
        1,
      ],
      [
        'a wrong header',
        { authType: 'header', authFields: { headerName: 'X-Secret', headerValue: 's3' } },
        { 'x-secret': 'no' },
        0,
      ],
    ])('catch_webhook run with %s', async (_, input, headers, count) => {
      const payload = { body: { order: 7 }, headers, queryParams: { a: '1' } };
      const outcome = await host.runTrigger(
        triggerRequest(REAL_PIECES.webhook, 'catch_webhook', 'run', input, { payload }),
        services,
      );
      expect(outcome).toEqual({
        status: 'SUCCEEDED',
        output: count ? [payload] : [],
        listeners: [],
        strategy: 'WEBHOOK',
      });
    });
  });

  describe('store 0.6.20 (V2, bundled)', () => {
    const { services, entries } = testServices();
    const call = (action: string, input: Record<string, unknown>, flowId = 'flow_A') =>
      host.runAction(actionRequest(REAL_PIECES.store, action, input, { run: runInfo({ flowId }) }), services);

    it('put / get / append across PROJECT (COLLECTION) and FLOW scopes', async () => {
      await call('put', { key: 'greeting', value: 'hello' });
      await call('put', { key: 'list', value: 'a', store_scope: 'FLOW' });
      expect(await call('get', { key: 'greeting' }, 'flow_B')).toEqual({
        status: 'SUCCEEDED',
        output: 'hello',
      });
      expect(await call('get', { key: 'list', store_scope: 'FLOW', defaultValue: 'none' }, 'flow_B')).toEqual(
        {
          status: 'SUCCEEDED',
          output: 'none',
        },
      );
      await call('append', { key: 'list', value: 'b', separator: ',', store_scope: 'FLOW' });
      expect(await call('get', { key: 'list', store_scope: 'FLOW' })).toEqual({
        status: 'SUCCEEDED',
        output: 'a,b',
      });
      expect(Object.fromEntries(entries)).toEqual({
        'PROJECT:greeting': 'hello',
        'FLOW:flow_flow_A/list': 'a,b',
      });
    });

    it('calls test in test mode, with test keys apart', async () => {
      const request = actionRequest(
        REAL_PIECES.store,
        'put',
        { key: 'greeting', value: 'test value' },
        { test: true },
      );
      expect(await host.runAction(request, services)).toEqual({ status: 'SUCCEEDED', output: 'test value' });
      expect(entries.get('PROJECT:test_greeting')).toBe('test value');
      expect(entries.get('PROJECT:greeting')).toBe('hello');
    });
  });

  describe('data-mapper 0.3.15 (V1)', () => {
    const { services } = testServices();
    it.each([
      ['a JSON string', { mapping: '{"name":"Ada","tags":["x"]}' }, { name: 'Ada', tags: ['x'] }],
      ['an object', { mapping: { n: 1 } }, { n: 1 }],
      ['nothing: the default', {}, { newProperty: 'oldProperty' }],
    ])('advanced_mapping with %s', async (_, input, output) => {
      expect(
        await host.runAction(actionRequest(REAL_PIECES.dataMapper, 'advanced_mapping', input), services),
      ).toEqual({
        status: 'SUCCEEDED',
        output,
      });
    });
  });

  describe('delay 0.3.26 (V1)', () => {
    const { services } = testServices();
    const delay = (input: Record<string, unknown>, resume?: boolean) =>
      host.runAction(
        actionRequest(
          REAL_PIECES.delay,
          'delayFor',
          input,
          resume ? { resume: { body: {}, headers: {}, queryParams: {} } } : {},
        ),
        services,
      );

    it('waits a short delay in the piece process', async () => {
      expect(await delay({ delayFor: '0.05' })).toEqual({
        status: 'SUCCEEDED',
        output: { delayForInMs: 50, success: true },
      });
    });

    it('pauses on a long delay (DELAY with its resume time), then resumes', async () => {
      const before = Date.now();
      const paused = await delay({ unit: 'minutes', delayFor: 5 });
      expect(paused).toMatchObject({ status: 'PAUSED', pause: { type: 'DELAY' } });
      const resumeAt = Date.parse((paused as { pause: { resumeDateTime: string } }).pause.resumeDateTime);
      expect(resumeAt - before).toBeGreaterThan(5 * 60_000 - 2000);
      expect(resumeAt - before).toBeLessThan(5 * 60_000 + 5000);
      expect(await delay({ unit: 'minutes', delayFor: 5 }, true)).toEqual({
        status: 'SUCCEEDED',
        output: { delayForInMs: 300_000, success: true },
      });
    });

    it('rejects a delay that is not a number', async () => {
      expect(await delay({ delayFor: 'abc' })).toEqual({
        status: 'FAILED',
        message: '{"delayFor":["Expected number, received: abc"]}',
      });
    });
  });

  describe('schedule 0.1.5 (V0)', () => {
    const { services } = testServices();
    it.each([
      ['every_x_minutes', { minutes: 5 }, '*/5 * * * *', 'UTC'],
      ['every_x_minutes', {}, '*/1 * * * *', 'UTC'],
      [
        'cron_expression',
        { cronExpression: '0 9 * * 1-5', timezone: 'Europe/Paris' },
        '0 9 * * 1-5',
        'Europe/Paris',
      ],
    ])('%s onEnable sets the schedule (%j)', async (trigger, input, cronExpression, timezone) => {
      expect(
        await host.runTrigger(triggerRequest(REAL_PIECES.schedule, trigger, 'onEnable', input), services),
      ).toEqual({
        status: 'SUCCEEDED',
        output: undefined,
        schedule: { cronExpression, timezone },
        listeners: [],
        strategy: 'POLLING',
      });
    });

    it('every_x_minutes onDisable prints in its process only', async () => {
      const outcome = await host.runTrigger(
        triggerRequest(REAL_PIECES.schedule, 'every_x_minutes', 'onDisable'),
        services,
      );
      expect(outcome).toMatchObject({ status: 'SUCCEEDED' });
    });
  });

  describe('subflows 0.6.3 (V2, bundled)', () => {
    it('has callFlow, streamCsvToSubflows, returnResponse and the callableFlow trigger', async () => {
      const metadata = await host.metadata(...REAL_PIECES.subflows);
      expect(metadata).toMatchObject({
        name: REAL_PIECES.subflows[0],
        version: REAL_PIECES.subflows[1],
        contextVersion: '2',
      });
      expect(Object.keys(metadata.actions).sort()).toEqual([
        'callFlow',
        'returnResponse',
        'streamCsvToSubflows',
      ]);
      expect(metadata.triggers.callableFlow).toMatchObject({ type: 'WEBHOOK' });
    });

    it('returnResponse answers the callback URL stored by callableFlow.onStart', async () => {
      const caller = await startLocalServer(() => ({ body: {} }));
      try {
        const { services } = testServices({ ssrfAllowList: ['127.0.0.1/32'] });
        const callbackUrl = `${caller.url}/v1/flow-runs/run_parent/requests/wp_1`;
        const started = await host.runTrigger(
          triggerRequest(
            REAL_PIECES.subflows,
            'callableFlow',
            'onStart',
            {},
            { payload: { data: { n: 1 }, callbackUrl } },
          ),
          services,
        );
        expect(started).toEqual({
          status: 'SUCCEEDED',
          output: undefined,
          listeners: [],
          strategy: 'WEBHOOK',
        });
        const outcome = await host.runAction(
          actionRequest(REAL_PIECES.subflows, 'returnResponse', { response: { response: { total: 3 } } }),
          services,
        );
        expect(outcome).toEqual({ status: 'SUCCEEDED', output: { total: 3 } });
        expect(caller.requests).toMatchObject([
          {
            method: 'POST',
            path: '/v1/flow-runs/run_parent/requests/wp_1',
            body: { status: 'success', data: { total: 3 } },
          },
        ]);
      } finally {
        await caller.close();
      }
    });
  });
});
