/**
 * The OpenAI chat-completions mapping: the body a turn is sent as (messages with tool calls and
 * tool results, tools as functions, tool choice, web search) and the answer a completion becomes.
 */
import type { AgentMessage } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { openAIChatAnswer, openAIChatBody, openAIModels } from './openai-protocol';
import { ProviderError } from './provider-error';

const conversation: AgentMessage[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'assistant',
    content: null,
    toolCalls: [{ id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' }],
  },
  { role: 'tool', content: '{"sky":"clear"}', toolCallId: 'call_1' },
];
const weather = {
  name: 'weather',
  description: 'The weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('openAIChatBody', () => {
  it('sends messages, tool calls, tool results and tools as the protocol says', () => {
    expect(
      openAIChatBody('gpt-4o', { messages: conversation, tools: [weather], toolChoice: 'required' }),
    ).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
      ],
      tools: [{ type: 'function', function: weather }],
      tool_choice: 'required',
    });
  });

  it('lets the model choose by default, sends no tools when there are none, and asks for web search when on', () => {
    expect(openAIChatBody('m', { messages: conversation.slice(0, 2), tools: [weather] }).tool_choice).toBe(
      'auto',
    );
    const bare = openAIChatBody('m', {
      messages: conversation.slice(0, 2),
      tools: [],
      webSearch: { enabled: true },
    });
    expect(bare).not.toHaveProperty('tools');
    expect(bare).not.toHaveProperty('tool_choice');
    expect(bare.web_search_options).toEqual({});
    const off = openAIChatBody('m', { messages: [], tools: [], webSearch: { enabled: false } });
    expect(off).not.toHaveProperty('web_search_options');
  });
});

describe('openAIChatAnswer', () => {
  it('reads tool calls, the finish reason and usage', () => {
    const answer = openAIChatAnswer(
      {
        choices: [
          {
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_9',
                  type: 'function',
                  function: { name: 'weather', arguments: '{"city":"Oslo"}' },
                },
              ],
            },
          },
        ],
        usage: { prompt_tokens: 30, completion_tokens: 8, total_tokens: 38 },
      },
      200,
    );
    expect(answer).toEqual({
      message: {
        role: 'assistant',
        content: null,
        toolCalls: [{ id: 'call_9', name: 'weather', arguments: '{"city":"Oslo"}' }],
      },
      finishReason: 'tool_calls',
      usage: { inputTokens: 30, outputTokens: 8, totalTokens: 38 },
    });
  });

  it('reads a text answer, counting tokens it was not told as 0', () => {
    const answer = openAIChatAnswer(
      { choices: [{ finish_reason: 'stop', message: { content: 'Clear skies.' } }] },
      200,
    );
    expect(answer).toEqual({
      message: { role: 'assistant', content: 'Clear skies.' },
      finishReason: 'stop',
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    });
  });

  it.each([
    ['no choices', { choices: [] }],
    ['not an object', 'hello'],
    ['a tool call without a name', { choices: [{ message: { tool_calls: [{ id: 'x', function: {} }] } }] }],
  ])('refuses a body with %s as a ProviderError', (_, body) => {
    expect(() => openAIChatAnswer(body, 200)).toThrow(ProviderError);
  });
});

describe('openAIModels', () => {
  it('lists the models as text models, named by their name when the provider gives one', () => {
    expect(
      openAIModels({ data: [{ id: 'gpt-4o' }, { id: 'x/y', name: 'Y by X' }, { nope: 1 }] }, 200),
    ).toEqual([
      { id: 'gpt-4o', name: 'gpt-4o', type: 'text' },
      { id: 'x/y', name: 'Y by X', type: 'text' },
    ]);
    expect(() => openAIModels({ models: [] }, 200)).toThrow(ProviderError);
  });
});
