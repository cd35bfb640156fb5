import { describe, expect, it } from 'vitest';
import { TEST_URL, runAction, testTriggerContext } from '../testing/test-services';
import { webhookPiece } from './index';

const jsonResponse = (extra: Record<string, unknown> = {}) => ({
  responseType: 'json',
  fields: { status: 201, headers: { 'x-a': 'b' }, body: { ok: true } },
  ...extra,
});

describe('return_response', () => {
  it('stop ends the flow with the response', async () => {
    const outcome = await runAction(webhookPiece, 'return_response', jsonResponse({ respond: 'stop' }));
    expect(outcome).toEqual({
      status: 'STOPPED',
      output: { status: 201, headers: { 'x-a': 'b' }, body: { ok: true } },
      response: { status: 201, headers: { 'x-a': 'b' }, body: { ok: true } },
    });
  });

  it('respond answers now and continues', async () => {
    const outcome = await runAction(webhookPiece, 'return_response', jsonResponse({ respond: 'respond' }));
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', respond: { status: 201, body: { ok: true } } });
  });

  it('stops when respond is missing (older flows)', async () => {
    const outcome = await runAction(webhookPiece, 'return_response', jsonResponse());
    expect(outcome.status).toBe('STOPPED');
  });

  it.each([
    [
      'JSON text is parsed',
      { responseType: 'json', fields: { body: '{"a":1}' } },
      { status: 200, headers: {}, body: { a: 1 } },
    ],
    [
      'raw bodies are kept',
      { responseType: 'raw', fields: { status: '202', body: 'hi' } },
      { status: 202, headers: {}, body: 'hi' },
    ],
    [
      'redirects are 301 with a Location',
      { responseType: 'redirect', fields: { body: 'example.com/next' } },
      { status: 301, headers: { Location: 'https://example.com/next' }, body: 'example.com/next' },
    ],
  ])('%s', async (_, props, response) => {
    const outcome = await runAction(webhookPiece, 'return_response', { ...props, respond: 'stop' });
    expect(outcome).toMatchObject({ status: 'STOPPED', response });
  });

  it.each([
    ['invalid JSON', { responseType: 'json', fields: { body: '{nope' } }, 'Input "body" is not valid JSON'],
    ['a bad status', { responseType: 'raw', fields: { status: 42, body: '' } }, 'Response status must be'],
    ['missing fields', { responseType: 'json' }, 'Input "fields" (the response) is required'],
  ])('fails on %s', async (_, props, message) => {
    const outcome = await runAction(webhookPiece, 'return_response', props);
    expect(outcome.status).toBe('FAILED');
    expect(outcome.status === 'FAILED' && outcome.message).toContain(message);
  });
});

describe('return_response_and_wait_for_next_webhook', () => {
  it('answers with the next webhook URL and pauses, then returns the next request', async () => {
    const begin = await runAction(webhookPiece, 'return_response_and_wait_for_next_webhook', jsonResponse());
    expect(begin.status).toBe('PAUSED');
    if (begin.status !== 'PAUSED' || begin.pause.type !== 'WEBHOOK')
      throw new Error('expected a webhook pause');
    const nextWebhookUrl = `${TEST_URL}v1/flow-runs/run_1/requests/${begin.pause.requestId}/sync?created=2026-01-15T10%3A00%3A00.000Z&runId=run_1`;
    expect(begin.output).toEqual({ nextWebhookUrl });
    expect(begin.pause.response).toEqual({
      status: 201,
      headers: { 'x-a': 'b', 'x-activepieces-resume-webhook-url': nextWebhookUrl },
      body: { ok: true },
    });

    const resume = { body: { next: 1 }, headers: { h: 'v' }, queryParams: { q: '1' } };
    const resumed = await runAction(
      webhookPiece,
      'return_response_and_wait_for_next_webhook',
      jsonResponse(),
      {
        request: { resume },
      },
    );
    expect(resumed).toEqual({ status: 'SUCCEEDED', output: resume });
  });
});

describe('catch_webhook', () => {
  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it.each([
    ['no auth accepts anything', { authType: 'none' }, {}, 1],
    [
      'basic auth accepts the right credentials',
      { authType: 'basic', authFields: { username: 'u', password: 'p:w' } },
      { authorization: basic('u', 'p:w') },
      1,
    ],
    [
      'basic auth rejects wrong ones',
      { authType: 'basic', authFields: { username: 'u', password: 'p' } },
      { authorization: basic('u', 'x') },
      0,
    ],
    [
      'basic auth rejects a missing header',
      { authType: 'basic', authFields: { username: 'u', password: 'p' } },
      {},
      0,
    ],
    [
      'header auth matches case-insensitively',
      { authType: 'header', authFields: { headerName: 'X-Secret', headerValue: 's3' } },
      { 'x-secret': 's3' },
      1,
    ],
    [
      'header auth rejects a wrong value',
      { authType: 'header', authFields: { headerName: 'X-Secret', headerValue: 's3' } },
      { 'x-secret': 's4' },
      0,
    ],
  ])('%s', async (_, propsValue, headers, runs) => {
    const payload = { body: { a: 1 }, headers, queryParams: {} };
    const { ctx } = testTriggerContext({ propsValue, payload });
    const items = await webhookPiece.triggers.catch_webhook!.run(ctx);
    expect(items).toEqual(runs ? [payload] : []);
  });

  it('fails without an authentication type', async () => {
    const { ctx } = testTriggerContext({ propsValue: {} });
    await expect(webhookPiece.triggers.catch_webhook!.run(ctx)).rejects.toThrow(
      'Input "authType" must be one of',
    );
  });

  it('shows the auth fields of the chosen type', async () => {
    const authFields = webhookPiece.triggers.catch_webhook!.props.authFields!;
    const props = authFields.props as (value: Record<string, unknown>) => Promise<Record<string, unknown>>;
    expect(Object.keys(await props({ authType: 'header' }))).toEqual(['headerName', 'headerValue']);
  });
});
