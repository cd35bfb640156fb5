/**
 * The agent's task as the model sees it: the opening conversation (system prompt, user prompt),
 * the completion tool `updateTaskStatus` and the check of what the agent answers through it.
 */
import {
  TASK_COMPLETION_TOOL_NAME,
  type AgentMessage,
  type AgentOutputField,
  type AgentStepRequest,
} from '@piecework/shared';

const JSON_TYPES = { text: 'string', number: 'number', boolean: 'boolean' } as const;

function fieldList(fields: readonly AgentOutputField[]): string {
  return fields.map((field) => `"${field.displayName}" (${field.type})`).join(', ');
}

/** The conversation an agent run starts with: its instructions and the step's prompt. */
export function openingMessages(request: AgentStepRequest, today: string): AgentMessage[] {
  const output =
    request.structuredOutput.length > 0
      ? `an object with exactly these fields: ${fieldList(request.structuredOutput)}`
      : 'your final answer as text';
  const system = [
    'You are an autonomous assistant. Complete the task the user gives you, step by step, using the tools you have when they help.',
    `When the task is done, call the tool \`${TASK_COMPLETION_TOOL_NAME}\` with \`success: true\` and \`output\`: ${output}.`,
    `If you cannot complete the task, call \`${TASK_COMPLETION_TOOL_NAME}\` with \`success: false\` and say why in \`output\`.`,
    `Today is ${today}.`,
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: request.prompt },
  ];
}

/** The message that asks an agent that answered in text to call the completion tool. */
export function completionReminder(fields: readonly AgentOutputField[]): AgentMessage {
  return {
    role: 'user',
    content: `You answered without calling ${TASK_COMPLETION_TOOL_NAME}. Call ${TASK_COMPLETION_TOOL_NAME} with success and an output holding the fields ${fieldList(fields)}.`,
  };
}

/** The completion tool offered to the model: `{success, output}`, `output` shaped by the fields. */
export function completionTool(fields: readonly AgentOutputField[]) {
  const output =
    fields.length > 0
      ? {
          type: 'object',
          properties: Object.fromEntries(
            fields.map((field) => [
              field.displayName,
              {
                type: JSON_TYPES[field.type],
                ...(field.description ? { description: field.description } : {}),
              },
            ]),
          ),
          required: fields.map((field) => field.displayName),
        }
      : { type: ['string', 'null'], description: 'Your final answer' };
  return {
    name: TASK_COMPLETION_TOOL_NAME,
    description: 'Ends the task: success true with its output when it is done, false when it cannot be done.',
    parameters: {
      type: 'object',
      properties: {
        success: { type: 'boolean', description: 'Whether the task was completed' },
        output,
      },
      required: ['success', 'output'],
    },
  };
}

/** What the agent ended its task with, or what is wrong with its call. */
export type TaskVerdict = { success: boolean; output: unknown } | { error: string };

function matches(value: unknown, type: AgentOutputField['type']): boolean {
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === (type === 'text' ? 'string' : 'boolean');
}

/**
 * Checks a call of the completion tool: `success` must be a boolean; a successful task's output
 * must hold every structured field with its type (text, number, boolean). Answers the verdict
 * (the output reduced to the fields) or an error telling the agent what to fix.
 */
export function checkTaskVerdict(
  args: Record<string, unknown>,
  fields: readonly AgentOutputField[],
): TaskVerdict {
  if (typeof args['success'] !== 'boolean') return { error: '"success" must be true or false.' };
  let output: unknown = args['output'] ?? null;
  if (!args['success'] || fields.length === 0) return { success: args['success'], output };
  if (typeof output === 'string') {
    try {
      output = JSON.parse(output) as unknown;
    } catch {
      // Reported below: not an object.
    }
  }
  if (typeof output !== 'object' || output === null || Array.isArray(output))
    return { error: `"output" must be an object with the fields ${fieldList(fields)}.` };
  const given = output as Record<string, unknown>;
  const problems = fields
    .filter((field) => !matches(given[field.displayName], field.type))
    .map((field) =>
      given[field.displayName] === undefined
        ? `"${field.displayName}" is missing`
        : `"${field.displayName}" must be a ${field.type === 'text' ? 'string' : field.type}`,
    );
  if (problems.length > 0)
    return {
      error: `The output is invalid: ${problems.join('; ')}. Call ${TASK_COMPLETION_TOOL_NAME} again with every field.`,
    };
  return {
    success: true,
    output: Object.fromEntries(fields.map((field) => [field.displayName, given[field.displayName]])),
  };
}
