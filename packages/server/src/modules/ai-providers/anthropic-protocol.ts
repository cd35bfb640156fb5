/**
 * Anthropic's Messages API as pure functions: the request body of a {@link ChatRequest} (system
 * prompt apart, `tool_use` / `tool_result` content blocks, roles alternating), the
 * {@link ChatAnswer} of a response body (stop reasons in the OpenAI vocabulary: `stop`,
 * `tool_calls`, `length`), the models of a `GET /v1/models` body.
 */
import type { AgentMessage, AIProviderModel } from '@piecework/shared';
import type { ChatAnswer } from './chat-model';
import type { ChatRequestBody } from './openai-protocol';
import { ProviderError } from './provider-error';

/** The output tokens every request allows. */
export const ANTHROPIC_MAX_TOKENS = 4096;

/** Web searches one turn may make when the platform's setting names no number. */
export const DEFAULT_WEB_SEARCH_MAX_USES = 5;

type Block = Record<string, unknown>;
interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

/** The tool input of a call's JSON arguments (an object; anything else is wrapped as `{value}`). */
function toolInput(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text === '' ? '{}' : text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return { value: text };
  }
}

/** One non-system message as content blocks of its Anthropic role (empty text is left out). */
function anthropicMessage(message: AgentMessage): AnthropicMessage {
  const text: Block[] = message.content ? [{ type: 'text', text: message.content }] : [];
  switch (message.role) {
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...text,
          ...(message.toolCalls ?? []).map((call) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: toolInput(call.arguments),
          })),
        ],
      };
    case 'tool':
      return {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: message.toolCallId ?? '', content: message.content ?? '' },
        ],
      };
    default:
      return { role: 'user', content: text };
  }
}

/** The body of `POST /v1/messages` asking `model` to answer `request`. */
export function anthropicMessagesBody(model: string, request: ChatRequestBody): Record<string, unknown> {
  const system = request.messages
    .filter((message) => message.role === 'system' && message.content)
    .map((message) => message.content)
    .join('\n\n');
  // Consecutive messages of one role become one (tool results follow the assistant's calls together).
  const messages: AnthropicMessage[] = [];
  for (const message of request.messages) {
    if (message.role === 'system') continue;
    const next = anthropicMessage(message);
    if (next.content.length === 0) continue;
    const last = messages.at(-1);
    if (last?.role === next.role) last.content.push(...next.content);
    else messages.push(next);
  }
  const tools: Block[] = request.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters,
  }));
  const body: Record<string, unknown> = { model, max_tokens: ANTHROPIC_MAX_TOKENS };
  if (system !== '') body.system = system;
  body.messages = messages;
  if (tools.length > 0) body.tool_choice = { type: request.toolChoice === 'required' ? 'any' : 'auto' };
  if (request.webSearch?.enabled === true) {
    tools.push({
      type: 'web_search_20250305',
      name: 'web_search',
      max_uses: request.webSearch.maxUses ?? DEFAULT_WEB_SEARCH_MAX_USES,
    });
  }
  if (tools.length > 0) body.tools = tools;
  return body;
}

/** Anthropic's stop reasons in the OpenAI vocabulary the agent's turns record. */
const FINISH_REASONS: Record<string, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
};

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;

/**
 * The answer of a Messages response `body` (HTTP `status`): its text blocks joined, its
 * `tool_use` blocks as tool calls (server tools such as web search ran at Anthropic and are left
 * out); a ProviderError when it is not a message.
 */
export function anthropicAnswer(body: unknown, status: number): ChatAnswer {
  const content = (body as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) {
    throw new ProviderError('The provider answered something that is not a message', status);
  }
  const blocks = content as Block[];
  const text = blocks
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('');
  const toolCalls = blocks
    .filter((block) => block.type === 'tool_use')
    .map((block) => {
      if (typeof block.id !== 'string' || typeof block.name !== 'string') {
        throw new ProviderError('The provider answered a tool call without an id or name', status);
      }
      return { id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) };
    });
  const stop = (body as { stop_reason?: unknown }).stop_reason;
  const usage = ((body as { usage?: unknown }).usage ?? {}) as Record<string, unknown>;
  const inputTokens = count(usage.input_tokens);
  const outputTokens = count(usage.output_tokens);
  return {
    message: {
      role: 'assistant',
      content: text === '' ? null : text,
      ...(toolCalls.length === 0 ? {} : { toolCalls }),
    },
    finishReason: typeof stop === 'string' ? (FINISH_REASONS[stop] ?? stop) : 'stop',
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
  };
}

/** The models of a `GET /v1/models` response `body` (`{data: [{id, display_name}]}`). */
export function anthropicModels(body: unknown, status: number): AIProviderModel[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data))
    throw new ProviderError('The provider answered something that is not a model list', status);
  return (data as Record<string, unknown>[])
    .filter((model) => typeof model.id === 'string')
    .map((model) => ({
      id: model.id as string,
      name: typeof model.display_name === 'string' ? model.display_name : (model.id as string),
      type: 'text' as const,
    }));
}
