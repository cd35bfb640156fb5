import type { Trigger } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import {
  agentInputValid,
  isAgentStep,
  isToolFlowTrigger,
  readAgentInput,
  writeAgentInput,
} from './agent-input';

describe('agent step input', () => {
  it('knows agent steps by piece and action', () => {
    expect(isAgentStep({ pieceName: '@activepieces/piece-ai', actionName: 'run_agent' })).toBe(true);
    expect(isAgentStep({ pieceName: 'agent', actionName: 'run_agent' })).toBe(true);
    expect(isAgentStep({ pieceName: '@activepieces/piece-ai', actionName: 'ask_ai' })).toBe(false);
    expect(isAgentStep({ pieceName: '@activepieces/piece-slack', actionName: 'run_agent' })).toBe(false);
  });

  it('reads a half-edited input without losing a field being named', () => {
    const agent = readAgentInput({
      prompt: 'Hi {{trigger.name}}',
      aiProviderModel: { provider: 'custom', model: '' },
      agentTools: [
        { type: 'FLOW' },
        { type: 'KNOWLEDGE_BASE', toolName: 'kb', sourceType: 'TABLE', sourceId: 't1' },
      ],
      structuredOutput: [{ displayName: '', type: 'number' }],
    });
    expect(agent).toEqual({
      prompt: 'Hi {{trigger.name}}',
      model: undefined,
      tools: [{ type: 'KNOWLEDGE_BASE', toolName: 'kb', sourceType: 'TABLE', sourceId: 't1' }],
      maxSteps: 20,
      structuredOutput: [{ displayName: '', type: 'number', description: '' }],
    });
    expect(agentInputValid(agent)).toBe(false);
  });

  it('writes the input the executor reads, keeping other keys', () => {
    const agent = {
      prompt: 'Sum up',
      model: { provider: 'custom' as const, model: 'm1', configId: 'p1' },
      tools: [],
      maxSteps: 5,
      structuredOutput: [{ displayName: 'score', type: 'number' as const }],
    };
    expect(agentInputValid(agent)).toBe(true);
    expect(writeAgentInput({ webSearch: false, prompt: 'old' }, agent)).toEqual({
      webSearch: false,
      prompt: 'Sum up',
      aiProviderModel: { provider: 'custom', model: 'm1', configId: 'p1' },
      agentTools: [],
      maxSteps: 5,
      structuredOutput: [{ displayName: 'score', type: 'number' }],
    });
  });

  it('offers flows that start with the MCP tool or Callable Flow trigger', () => {
    const trigger = (pieceName: string, triggerName: string) =>
      ({
        name: 'trigger',
        valid: true,
        displayName: 'T',
        type: 'PIECE_TRIGGER',
        settings: { pieceName, pieceVersion: '0.1.0', triggerName, input: {}, propertySettings: {} },
      }) as unknown as Trigger;
    expect(isToolFlowTrigger(trigger('mcp', 'mcp_tool'))).toBe(true);
    expect(isToolFlowTrigger(trigger('@activepieces/piece-subflows', 'callableFlow'))).toBe(true);
    expect(isToolFlowTrigger(trigger('@activepieces/piece-webhook', 'catch_webhook'))).toBe(false);
  });
});
