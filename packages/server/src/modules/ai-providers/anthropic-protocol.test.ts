/**
 * The Anthropic Messages mapping: the system prompt apart, tool calls and results as `tool_use`
 * / `tool_result` blocks in alternating roles, tools with `input_schema`, the web-search server
 * tool; and the answer a message becomes.
 */
import type { AgentMessage } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { anthropicAnswer, anthropicMessagesBody, anthropicModels } from './anthropic-protocol';
import { ProviderError } from './provider-error';

const weather = {
  name: 'weather',
  description: 'The weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
};

describe('anthropicMessagesBody', () => {
  it('builds the body from messages and tools', () => {
    const messages: AgentMessage[] = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Weather in Paris and Oslo?' },
      {
        role: 'assistant',
        content: 'Looking.',
        toolCalls: [
          { id: 'tu_1', name: 'weather', arguments: '{"city":"Paris"}' },
          { id: 'tu_2', name: 'weather', arguments: '{"city":"Oslo"}' },
        ],
      },
      { role: 'tool', content: 'clear', toolCallId: 'tu_1' },
      { role: 'tool', content: 'snow', toolCallId: 'tu_2' },
      { role: 'user', content: 'Thanks' },
    ];
    expect(
      anthropicMessagesBody('claude-sonnet-4-5', { messages, tools: [weather], toolChoice: 'required' }),
    ).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      system: 'You are terse.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Oslo?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Looking.' },
            { type: 'tool_use', id: 'tu_1', name: 'weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'tu_2', name: 'weather', input: { city: 'Oslo' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'tu_1', content: 'clear' },
            { type: 'tool_result', tool_use_id: 'tu_2', content: 'snow' },
            { type: 'text', text: 'Thanks' },
          ],
        },
      ],
      tool_choice: { type: 'any' },
      tools: [{ name: 'weather', description: 'The weather of a city', input_schema: weather.parameters }],
    });
  });

  it('adds the web-search server tool when web search is on, and lets the model choose by default', () => {
    const body = anthropicMessagesBody('m', {
      messages: [{ role: 'user', content: 'News?' }],
      tools: [weather],
      webSearch: { enabled: true, maxUses: 3 },
    });
    expect(body.tool_choice).toEqual({ type: 'auto' });
    expect(body.tools).toEqual([
      { name: 'weather', description: 'The weather of a city', input_schema: weather.parameters },
      { type: 'web_search_20250305', name: 'web_search', max_uses: 3 },
    ]);
    expect(body).not.toHaveProperty('system');
    const bare = anthropicMessagesBody('m', { messages: [{ role: 'user', content: 'Hi' }], tools: [] });
    expect(bare).not.toHaveProperty('tools');
    expect(bare).not.toHaveProperty('tool_choice');
    const searchOnly = anthropicMessagesBody('m', { messages: [], tools: [], webSearch: { enabled: true } });
    expect(searchOnly.tools).toEqual([{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }]);
  });
});

describe('anthropicAnswer', () => {
  it('reads text, tool_use blocks, the stop reason and usage', () => {
    const answer = anthropicAnswer(
      {
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking ' },
          { type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: { query: 'x' } },
          { type: 'text', text: 'now.' },
          { type: 'tool_use', id: 'tu_7', name: 'weather', input: { city: 'Rome' } },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 50, output_tokens: 12 },
      },
      200,
    );
    expect(answer).toEqual({
      message: {
        role: 'assistant',
        content: 'Checking now.',
        toolCalls: [{ id: 'tu_7', name: 'weather', arguments: '{"city":"Rome"}' }],
      },
      finishReason: 'tool_calls',
      usage: { inputTokens: 50, outputTokens: 12, totalTokens: 62 },
    });
    const done = anthropicAnswer({ content: [{ type: 'text', text: 'Bye' }], stop_reason: 'end_turn' }, 200);
    expect(done.finishReason).toBe('stop');
    expect(anthropicAnswer({ content: [], stop_reason: 'max_tokens' }, 200).finishReason).toBe('length');
  });

  it('refuses a body that is not a message as a ProviderError', () => {
    expect(() => anthropicAnswer({ type: 'error' }, 200)).toThrow(ProviderError);
  });

  it('lists models by their display name', () => {
    expect(
      anthropicModels({ data: [{ id: 'claude-x', display_name: 'Claude X', type: 'model' }] }, 200),
    ).toEqual([{ id: 'claude-x', name: 'Claude X', type: 'text' }]);
  });
});
