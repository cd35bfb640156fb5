/**
 * An agent step's input as its settings form edits it: which steps are agent steps (a `run_agent`
 * action of `@activepieces/piece-ai` or `-agent`), the input's parts read leniently (a step saved
 * by an older app, or half-edited, still opens), whether it is complete, and which project flows
 * may be a tool (their trigger is the MCP piece's tool trigger or a Callable Flow).
 */
import {
  AGENT_DEFAULT_MAX_STEPS,
  AGENT_PIECE_NAMES,
  AgentOutputField,
  AgentProviderModel,
  AgentTool,
  fullPieceName,
  RUN_AGENT_ACTION,
  type Trigger,
} from '@piecework/shared';

/** Whether a piece step's settings name an agent step. */
export function isAgentStep(settings: { pieceName?: unknown; actionName?: unknown }): boolean {
  return (
    typeof settings.pieceName === 'string' &&
    (AGENT_PIECE_NAMES as readonly string[]).includes(fullPieceName(settings.pieceName)) &&
    settings.actionName === RUN_AGENT_ACTION
  );
}

/** The parts of an agent step's input. */
export interface AgentInput {
  prompt: string;
  model: AgentProviderModel | undefined;
  tools: AgentTool[];
  /** As typed (a number, or a `{{ }}` expression). */
  maxSteps: number | string;
  structuredOutput: AgentOutputField[];
}

/** `input` read as an agent step's (what does not parse is left out: empty prompt, no model...). */
export function readAgentInput(input: Record<string, unknown>): AgentInput {
  const model = AgentProviderModel.safeParse(input['aiProviderModel']);
  const tools = Array.isArray(input['agentTools']) ? input['agentTools'] : [];
  const fields = Array.isArray(input['structuredOutput']) ? input['structuredOutput'] : [];
  const maxSteps = input['maxSteps'];
  return {
    prompt: typeof input['prompt'] === 'string' ? input['prompt'] : '',
    model: model.success ? model.data : undefined,
    tools: tools.flatMap((tool) => {
      const parsed = AgentTool.safeParse(tool);
      return parsed.success ? [parsed.data] : [];
    }),
    maxSteps:
      typeof maxSteps === 'number' || typeof maxSteps === 'string' ? maxSteps : AGENT_DEFAULT_MAX_STEPS,
    structuredOutput: fields.flatMap((field) => {
      const parsed = AgentOutputField.safeParse(field);
      // A row whose name is still being typed (empty) is kept so the form can show it.
      if (parsed.success) return [parsed.data];
      const draft = field as Partial<AgentOutputField> | null;
      return draft !== null && typeof draft === 'object' && typeof draft.type === 'string'
        ? [{ displayName: draft.displayName ?? '', type: draft.type, description: draft.description ?? '' }]
        : [];
    }),
  };
}

/** The step input of `agent` (other input keys of `base`, e.g. a web-search flag, are kept). */
export function writeAgentInput(base: Record<string, unknown>, agent: AgentInput): Record<string, unknown> {
  const { model, tools, structuredOutput, ...rest } = agent;
  return {
    ...base,
    ...rest,
    aiProviderModel: model,
    agentTools: tools,
    structuredOutput,
  };
}

/** Whether `agent` can run: a prompt, a model, and every structured-output field named. */
export function agentInputValid(agent: AgentInput): boolean {
  return (
    agent.prompt.trim() !== '' &&
    agent.model !== undefined &&
    agent.structuredOutput.every((field) => field.displayName.trim() !== '')
  );
}

/** The MCP piece's tool trigger and the Callable Flow trigger: flows with them may be agent tools. */
const TOOL_TRIGGERS: readonly (readonly [string, string])[] = [
  ['@activepieces/piece-mcp', 'mcp_tool'],
  ['@activepieces/piece-subflows', 'callableFlow'],
];

/** Whether a flow whose trigger is `trigger` can be an agent's tool. */
export function isToolFlowTrigger(trigger: Trigger): boolean {
  if (trigger.type !== 'PIECE_TRIGGER') return false;
  const { pieceName, triggerName } = trigger.settings;
  return TOOL_TRIGGERS.some(([piece, name]) => fullPieceName(pieceName) === piece && triggerName === name);
}
