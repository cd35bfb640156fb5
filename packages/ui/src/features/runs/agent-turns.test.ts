import type { AgentTurn, ToolCallContentBlock } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { formatUsage, groupTurns } from './agent-turns';

const usage = { inputTokens: 10, outputTokens: 2, totalTokens: 12 };
const turn = (index: number, toolCallIds: string[]): AgentTurn => ({
  index,
  startTime: '2026-01-01T00:00:00.000Z',
  endTime: '2026-01-01T00:00:01.000Z',
  finishReason: toolCallIds.length > 0 ? 'tool_calls' : 'stop',
  usage,
  toolCallIds,
});
const call = (id: string): ToolCallContentBlock => ({
  type: 'TOOL_CALL',
  toolCallType: 'KNOWLEDGE_BASE',
  toolName: `tool_${id}`,
  toolCallId: id,
  status: 'completed',
  input: { query: id },
  output: { found: id },
  startTime: '2026-01-01T00:00:00.000Z',
});
const text = (markdown: string) => ({ type: 'MARKDOWN' as const, markdown });

describe('agent turns on the run page', () => {
  it('puts each text and tool call in its turn', () => {
    const grouped = groupTurns({
      turns: [turn(1, ['a', 'b']), turn(2, ['c']), turn(3, [])],
      steps: [text('Looking'), call('a'), call('b'), text('More'), call('c'), text('Done')],
    });
    expect(grouped.map((g) => [g.turn?.index, g.texts, g.toolCalls.map((c) => c.toolCallId)])).toEqual([
      [1, ['Looking'], ['a', 'b']],
      [2, ['More'], ['c']],
      [3, ['Done'], []],
    ]);
  });

  it('shows the blocks of a result without turns as one group', () => {
    expect(groupTurns({ turns: [], steps: [text('Hi'), call('a')] })).toEqual([
      { turn: undefined, texts: ['Hi'], toolCalls: [call('a')] },
    ]);
    expect(groupTurns({ turns: [], steps: [] })).toEqual([]);
  });

  it('writes token usage', () => {
    expect(formatUsage({ inputTokens: 1000, outputTokens: 234, totalTokens: 1234 })).toBe(
      '1,234 tokens (1,000 in, 234 out)',
    );
  });
});
