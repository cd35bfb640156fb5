/**
 * The OpenAI chat-completions protocol as pure functions: the request body of a {@link ChatRequest},
 * the {@link ChatAnswer} of a response body, the models of a `GET /models` body. Used for every
 * provider but Anthropic (see `provider-endpoint.ts`).
 */
import type { AgentMessage, AIProviderModel } from '@piecework/shared';
import type { ChatAnswer, ChatRequest } from './chat-model';
import { ProviderError } from './provider-error';

/** A request's parts the body is built from (everything but its abort signal). */
export type ChatRequestBody = Omit<ChatRequest, 'signal'>;

/** One message in the protocol's form. */
function openAIMessage(message: AgentMessage): Record<string, unknown> {
  switch (message.role) {
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      return {
        role: 'assistant',
        content: message.content,
        ...(calls.length === 0
          ? {}
          : {
              tool_calls: calls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: call.arguments },
              })),
            }),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: message.content ?? '' };
    default:
      return { role: message.role, content: message.content ?? '' };
  }
}

/** The body of `POST {base}/chat/completions` asking `model` to answer `request`. */
export function openAIChatBody(model: string, request: ChatRequestBody): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages: request.messages.map(openAIMessage) };
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    body.tool_choice = request.toolChoice ?? 'auto';
  }
  if (request.webSearch?.enabled === true) body.web_search_options = {};
  return body;
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;

/** The answer of a chat-completions response `body` (HTTP `status`); a ProviderError when it is not one. */
export function openAIChatAnswer(body: unknown, status: number): ChatAnswer {
  const choice = (body as { choices?: unknown } | null)?.choices;
  const first = Array.isArray(choice) ? (choice[0] as Record<string, unknown> | undefined) : undefined;
  const message = first?.message as Record<string, unknown> | undefined;
  if (typeof message !== 'object' || message === null) {
    throw new ProviderError('The provider answered something that is not a chat completion', status);
  }
  const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as Record<string, unknown>[]) : [];
  const toolCalls = calls.map((call) => {
    const fn = (call.function ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof call.id !== 'string' || typeof fn.name !== 'string') {
      throw new ProviderError('The provider answered a tool call without an id or name', status);
    }
    return { id: call.id, name: fn.name, arguments: typeof fn.arguments === 'string' ? fn.arguments : '{}' };
  });
  const usage = ((body as { usage?: unknown }).usage ?? {}) as Record<string, unknown>;
  const inputTokens = count(usage.prompt_tokens);
  const outputTokens = count(usage.completion_tokens);
  return {
    message: {
      role: 'assistant',
      content: typeof message.content === 'string' ? message.content : null,
      ...(toolCalls.length === 0 ? {} : { toolCalls }),
    },
    finishReason: typeof first?.finish_reason === 'string' ? first.finish_reason : 'stop',
    usage: {
      inputTokens,
      outputTokens,
      totalTokens: usage.total_tokens === undefined ? inputTokens + outputTokens : count(usage.total_tokens),
    },
  };
}

/** The text models of a `GET {base}/models` response `body` (`{data: [{id, name?}]}`). */
export function openAIModels(body: unknown, status: number): AIProviderModel[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data))
    throw new ProviderError('The provider answered something that is not a model list', status);
  return data
    .filter(
      (model): model is { id: string; name?: unknown } =>
        typeof (model as { id?: unknown } | null)?.id === 'string',
    )
    .map((model) => ({
      id: model.id,
      name: typeof model.name === 'string' && model.name !== '' ? model.name : model.id,
      type: 'text' as const,
    }));
}
