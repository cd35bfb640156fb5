import type { AgentStepRequest } from '@piecework/shared';
import {
  AgentOutputField,
  AgentProviderModel,
  AgentResult,
  AgentTool,
  agentTurnLimit,
} from '@piecework/shared';
import { describeValue, requiredText, type PropsValue } from '../common/read-props';

interface Issues {
  issues: { path: PropertyKey[]; message: string }[];
}
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: Issues };
}

/** The first problem the schema found, as `path: message`. */
function firstIssue(error: Issues): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

/** A list input: missing or empty text is no item, one object is one item. */
function listOf(props: PropsValue, key: string): unknown[] {
  const value = props[key];
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') return [value];
  throw new Error(`Input "${key}" must be a list, got ${describeValue(value)}`);
}

function parseInput<T>(schema: Schema<T>, key: string, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`Input "${key}" is invalid (${firstIssue(parsed.error)})`);
  return parsed.data;
}

/**
 * The `run_agent` step's inputs (Activepieces' props) as the server's agent request: the prompt,
 * the model (`aiProviderModel`), the tools (`agentTools`), the structured output fields and the
 * turn limit (`maxSteps`, capped at 50). `webSearch`/`webSearchOptions` are ignored (the platform
 * decides); a saved agent (`agentId`) is refused. Throws a message naming the bad input.
 */
export function agentStepRequestOf(props: PropsValue): AgentStepRequest {
  // Activepieces' newer steps may run a saved agent instead (its instructions, tools and model).
  const agentId = props['agentId'];
  if (typeof agentId === 'string' && agentId.trim() !== '') {
    throw new Error(
      'Input "agentId" names a saved agent, which Piecework does not have: give the step its own "aiProviderModel", prompt and tools, and leave "agentId" empty',
    );
  }
  const prompt = requiredText(props, 'prompt');
  if (prompt.trim() === '') throw new Error('Input "prompt" must not be empty');
  const model = parseInput(AgentProviderModel, 'aiProviderModel', props['aiProviderModel']);
  const tools = listOf(props, 'agentTools').map((tool, index) =>
    parseInput(AgentTool, `agentTools[${String(index)}]`, tool),
  );
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.toolName))
      throw new Error(`Input "agentTools" names the tool "${tool.toolName}" twice`);
    names.add(tool.toolName);
  }
  const structuredOutput = listOf(props, 'structuredOutput').map((field, index) =>
    parseInput(AgentOutputField, `structuredOutput[${String(index)}]`, field),
  );
  const fieldNames = new Set<string>();
  for (const field of structuredOutput) {
    if (fieldNames.has(field.displayName))
      throw new Error(`Input "structuredOutput" has the field "${field.displayName}" twice`);
    fieldNames.add(field.displayName);
  }
  return { prompt, model, tools, structuredOutput, maxTurns: agentTurnLimit(props['maxSteps']) };
}

/**
 * The step's output once the server ran the agent: the `resumePayload.body` it resumed with is
 * `{result}` (the agent's result: the output) or `{failure}` (the step fails with that message).
 */
export function agentStepOutputOf(body: unknown): AgentResult {
  const answer = (body ?? {}) as { result?: unknown; failure?: unknown };
  if (typeof answer.failure === 'string') throw new Error(answer.failure);
  const parsed = AgentResult.safeParse(answer.result);
  if (!parsed.success) throw new Error('The agent step was resumed without an agent result');
  return parsed.data;
}
