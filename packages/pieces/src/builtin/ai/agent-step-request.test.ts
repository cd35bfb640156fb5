import { describe, expect, it } from 'vitest';
import { agentStepOutputOf, agentStepRequestOf } from './agent-step-request';

const model = { provider: 'custom', model: 'stand-in-model' };
const kb = { type: 'KNOWLEDGE_BASE', toolName: 'prices', sourceType: 'TABLE', sourceId: 'table-1' };
const inputs = (overrides: Record<string, unknown>) => ({
  prompt: 'Price of tea?',
  aiProviderModel: model,
  ...overrides,
});

describe('agentStepRequestOf', () => {
  it('reads the Activepieces inputs, ignoring the step’s web search', () => {
    expect(
      agentStepRequestOf(
        inputs({
          agentTools: [kb],
          structuredOutput: [{ displayName: 'price', type: 'number' }],
          maxSteps: 7,
          webSearch: true,
        }),
      ),
    ).toEqual({
      prompt: 'Price of tea?',
      model,
      tools: [kb],
      structuredOutput: [{ displayName: 'price', type: 'number' }],
      maxTurns: 7,
    });
  });

  it.each([
    ['no maxSteps: the default 20', undefined, 20],
    ['maxSteps as text', '12', 12],
    ['maxSteps above 50 runs as 50', 80, 50],
    ['maxSteps below 1 runs as 1', 0, 1],
  ])('%s', (_, maxSteps, expected) => {
    expect(agentStepRequestOf(inputs({ maxSteps })).maxTurns).toBe(expected);
  });

  it('takes one tool given as an object, and none for empty text', () => {
    expect(agentStepRequestOf(inputs({ agentTools: kb })).tools).toEqual([kb]);
    expect(agentStepRequestOf(inputs({ agentTools: '', structuredOutput: '' }))).toMatchObject({
      tools: [],
      structuredOutput: [],
    });
  });

  it.each([
    ['no prompt', { prompt: undefined }, /^Input "prompt" is required$/],
    ['a blank prompt', { prompt: '  ' }, /^Input "prompt" must not be empty$/],
    ['no model', { aiProviderModel: undefined }, /^Input "aiProviderModel" is invalid/],
    [
      'an unknown provider',
      { aiProviderModel: { provider: 'nope', model: 'm' } },
      /"aiProviderModel" is invalid \(provider/,
    ],
    [
      'a tool of no known type',
      { agentTools: [{ type: 'WEB', toolName: 'w' }] },
      /^Input "agentTools\[0\]" is invalid/,
    ],
    ['a tool list that is text', { agentTools: 'prices' }, /^Input "agentTools" must be a list/],
    ['a tool named twice', { agentTools: [kb, kb] }, /names the tool "prices" twice/],
    [
      'an output field of no known type',
      { structuredOutput: [{ displayName: 'a', type: 'date' }] },
      /"structuredOutput\[0\]" is invalid/,
    ],
    [
      'an output field twice',
      {
        structuredOutput: [
          { displayName: 'a', type: 'text' },
          { displayName: 'a', type: 'number' },
        ],
      },
      /has the field "a" twice/,
    ],
    [
      'a saved agent',
      { agentId: 'agent-1', aiProviderModel: undefined },
      /^Input "agentId" names a saved agent/,
    ],
  ])('refuses %s, naming the input', (_, overrides, message) => {
    expect(() => agentStepRequestOf(inputs(overrides))).toThrow(message);
  });
});

describe('agentStepOutputOf', () => {
  const result = {
    prompt: 'Price of tea?',
    steps: [],
    status: 'COMPLETED',
    structuredOutput: { price: 4 },
    turns: [],
    usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  };

  it('answers the agent result the server resumed the step with', () => {
    expect(agentStepOutputOf({ result })).toEqual(result);
  });

  it('fails with the failure the server resumed the step with, or for a body without a result', () => {
    expect(() => agentStepOutputOf({ failure: 'The provider said: quota exceeded' })).toThrow(
      'The provider said: quota exceeded',
    );
    expect(() => agentStepOutputOf({})).toThrow('The agent step was resumed without an agent result');
    expect(() => agentStepOutputOf({ result: { status: 'COMPLETED' } })).toThrow(/without an agent result/);
  });
});
