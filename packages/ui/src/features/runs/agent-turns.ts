/**
 * An agent result's blocks grouped by turn for the run page: each turn's text and the tool calls
 * it asked for. Tool calls belong to the turn naming their id; text belongs to the turn whose
 * calls follow it — once every call of a turn is seen, the next text starts the next turn.
 */
import type {
  AgentResult,
  AgentTokenUsage,
  AgentTurn,
  MarkdownContentBlock,
  ToolCallContentBlock,
} from '@piecework/shared';

/** One turn as the run page shows it (`turn` undefined: blocks of a result without turns). */
export interface ShownTurn {
  readonly turn: AgentTurn | undefined;
  readonly texts: readonly string[];
  readonly toolCalls: readonly ToolCallContentBlock[];
}

/** The turns of `result`, each with its text and tool calls, in order. */
export function groupTurns(result: Pick<AgentResult, 'steps' | 'turns'>): ShownTurn[] {
  const { turns, steps } = result;
  if (turns.length === 0) {
    return steps.length === 0
      ? []
      : [
          {
            turn: undefined,
            texts: steps
              .filter((b): b is MarkdownContentBlock => b.type === 'MARKDOWN')
              .map((b) => b.markdown),
            toolCalls: steps.filter((b): b is ToolCallContentBlock => b.type === 'TOOL_CALL'),
          },
        ];
  }
  const shown = turns.map((turn) => ({
    turn,
    texts: [] as string[],
    toolCalls: [] as ToolCallContentBlock[],
  }));
  let at = 0;
  const allCallsSeen = (index: number) => {
    const ids = turns[index]?.toolCallIds ?? [];
    const seen = shown[index]?.toolCalls ?? [];
    return ids.length > 0 && ids.every((id) => seen.some((call) => call.toolCallId === id));
  };
  for (const block of steps) {
    if (block.type === 'TOOL_CALL') {
      const owner = turns.findIndex((turn) => turn.toolCallIds.includes(block.toolCallId));
      if (owner >= 0) at = owner;
      shown[at]?.toolCalls.push(block);
    } else {
      if (allCallsSeen(at) && at < turns.length - 1) at += 1;
      shown[at]?.texts.push(block.markdown);
    }
  }
  return shown;
}

/** "1,234 tokens (1,000 in, 234 out)". */
export function formatUsage(usage: AgentTokenUsage): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `${n(usage.totalTokens)} tokens (${n(usage.inputTokens)} in, ${n(usage.outputTokens)} out)`;
}
