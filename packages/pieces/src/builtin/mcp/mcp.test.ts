import { describe, expect, it } from 'vitest';
import { runAction, testTriggerContext } from '../testing/test-services';
import { mcpPiece, mcpToolArguments, mcpToolParameters } from './index';

const trigger = mcpPiece.triggers.mcp_tool!;

const schema = [
  { name: 'city', description: 'Where', type: 'Text', required: true },
  { name: 'days', type: 'Number', required: false },
];

describe('mcp_tool', () => {
  it('gives the tool call arguments (the request body) as its output', async () => {
    const { ctx } = testTriggerContext({
      propsValue: { toolName: 'weather', toolDescription: 'Weather', inputSchema: schema },
      payload: { body: { city: 'Oslo', days: 2 }, headers: { 'content-type': 'application/json' } },
    });
    expect(await trigger.run(ctx)).toEqual([{ city: 'Oslo', days: 2 }]);
  });

  it('refuses a call without a required parameter', async () => {
    const { ctx } = testTriggerContext({
      propsValue: { inputSchema: schema },
      payload: { body: { days: 2 } },
    });
    await expect(trigger.run(ctx)).rejects.toThrow('Missing required parameters: city');
  });

  it('tests with a sample value of each parameter type', async () => {
    const { ctx } = testTriggerContext({ propsValue: { inputSchema: schema } });
    expect(await trigger.test!(ctx)).toEqual([{ city: 'sample text', days: 0 }]);
  });

  it.each([
    ['an envelope gives its body', { body: { a: 1 }, headers: {}, queryParams: {} }, { a: 1 }],
    ['a bare object is the arguments', { a: 1 }, { a: 1 }],
    ['anything else is no arguments', 'text', {}],
  ])('reads arguments: %s', (_, payload, expected) => {
    expect(mcpToolArguments(payload)).toEqual(expected);
  });

  it('reads the parameters of inputSchema, skipping unnamed rows and unknown types', () => {
    expect(
      mcpToolParameters([
        { name: ' when ', type: 'Date', required: true, description: 'd' },
        { name: '', type: 'Text', required: true },
        { name: 'odd', type: 'Blob', required: false },
      ]),
    ).toEqual([
      { name: 'when', type: 'Date', required: true, description: 'd' },
      { name: 'odd', type: 'Text', required: false },
    ]);
    expect(mcpToolParameters(undefined)).toEqual([]);
  });
});

describe('reply_to_mcp_client', () => {
  it('stop ends the flow with a 200 answer of the response', async () => {
    const outcome = await runAction(mcpPiece, 'reply_to_mcp_client', {
      mode: 'advanced',
      response: { response: { temperature: 21 } },
      respond: 'stop',
    });
    const response = { status: 200, headers: {}, body: { temperature: 21 } };
    expect(outcome).toEqual({ status: 'STOPPED', output: response, response });
  });

  it('respond answers now and continues', async () => {
    const outcome = await runAction(mcpPiece, 'reply_to_mcp_client', {
      mode: 'simple',
      response: { response: { ok: true } },
      respond: 'respond',
    });
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', respond: { status: 200, body: { ok: true } } });
  });

  it.each([
    ['advanced JSON text is parsed', 'advanced', '{"a":[1]}', { a: [1] }],
    ['advanced text that is not JSON stays text', 'advanced', 'plain words', 'plain words'],
    ['simple values are kept', 'simple', { b: 2 }, { b: 2 }],
  ])('%s', async (_, mode, value, body) => {
    const outcome = await runAction(mcpPiece, 'reply_to_mcp_client', { mode, response: { response: value } });
    expect(outcome).toMatchObject({ status: 'STOPPED', response: { status: 200, body } });
  });

  it('fails without a response', async () => {
    const outcome = await runAction(mcpPiece, 'reply_to_mcp_client', { mode: 'simple' });
    expect(outcome.status === 'FAILED' && outcome.message).toContain('Input "response" is required');
  });

  it('shows an object input in simple mode and a JSON input in advanced mode', async () => {
    const props = mcpPiece.actions.reply_to_mcp_client!.props.response!.props as (
      value: Record<string, unknown>,
    ) => Promise<Record<string, { type: string }>>;
    expect((await props({ mode: 'simple' })).response?.type).toBe('OBJECT');
    expect((await props({ mode: 'advanced' })).response?.type).toBe('JSON');
  });
});
