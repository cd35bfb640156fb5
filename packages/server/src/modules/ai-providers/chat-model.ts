/**
 * The chat client of agent steps: {@link resolveChatModel} gives the platform's configured model
 * an agent step names, whose `complete` sends one turn of the conversation (messages and tools)
 * to the provider in its protocol (OpenAI chat completions, or Anthropic Messages) through the
 * SSRF-filtered client, and answers the assistant's message, finish reason and tokens. The API
 * key is opened only here, for the request, and never logged.
 */
import {
  PieceworkError,
  type AgentMessage,
  type AgentProviderModel,
  type AgentTokenUsage,
  type AIProviderName,
  type AIWebSearchSettings,
} from '@piecework/shared';
import type { ServerBase } from '../../server-context';
import { anthropicAnswer, anthropicMessagesBody } from './anthropic-protocol';
import { openAIChatAnswer, openAIChatBody } from './openai-protocol';
import { isSupportedProvider } from './provider-config';
import { providerRequest } from './provider-request';
import { storedProvider } from './stored-provider';
import { readWebSearchSetting } from './web-search-setting';

export { ProviderError } from './provider-error';

/** A tool offered to the model: JSON-schema parameters (type 'object'). */
export interface ChatTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One turn asked of a model: the conversation so far and the tools it may call. */
export interface ChatRequest {
  /** System, user, assistant (with `toolCalls`) and tool (with `toolCallId`) messages, in order. */
  messages: AgentMessage[];
  tools: ChatTool[];
  /** Force a tool call (`required`) or let the model choose (`auto`, default). */
  toolChoice?: 'auto' | 'required';
  /** The platform's setting when enabled (see {@link platformWebSearch}). */
  webSearch?: AIWebSearchSettings;
  signal: AbortSignal;
}

/**
 * What the model answered: its assistant message (text and/or tool calls), why it stopped
 * (`stop`, `tool_calls`, `length`... Anthropic's reasons are named the same way) and the tokens
 * the provider reported.
 */
export interface ChatAnswer {
  /** Role `assistant`. */
  message: AgentMessage;
  finishReason: string;
  usage: AgentTokenUsage;
}

/** One configured model of a platform. */
export interface ChatModel {
  readonly provider: AIProviderName;
  readonly model: string;
  /**
   * Sends one turn. Throws a ProviderError when the provider answers an error (its message) or
   * does not answer, a PieceworkError SSRF_BLOCKED for an address the filter blocks, and the
   * signal's abort error when the request's signal aborts.
   */
  complete(request: ChatRequest): Promise<ChatAnswer>;
}

/**
 * The platform's model for an agent step's choice; throws a PieceworkError (VALIDATION/
 * ENTITY_NOT_FOUND) naming what is missing when the platform has no such provider.
 */
export async function resolveChatModel(
  base: Pick<ServerBase, 'store' | 'secrets' | 'settings'>,
  platformId: string,
  choice: AgentProviderModel,
): Promise<ChatModel> {
  if (!isSupportedProvider(choice.provider)) {
    throw new PieceworkError('VALIDATION', {
      message: `The AI provider ${choice.provider} is not supported here: configure another provider for this step`,
      provider: choice.provider,
    });
  }
  const { endpoint } = await storedProvider(base, platformId, choice.provider, choice.configId);
  const allowList = base.settings.config.ssrfAllowList;
  const { model } = choice;
  return {
    provider: choice.provider,
    model,
    async complete(request) {
      const anthropic = endpoint.protocol === 'anthropic';
      const answer = await providerRequest({
        method: 'POST',
        url: `${endpoint.baseUrl}${anthropic ? '/messages' : '/chat/completions'}`,
        headers: endpoint.headers,
        body: anthropic ? anthropicMessagesBody(model, request) : openAIChatBody(model, request),
        signal: request.signal,
        allowList,
      });
      return anthropic
        ? anthropicAnswer(answer.body, answer.status)
        : openAIChatAnswer(answer.body, answer.status);
    },
  };
}

/** The platform's web-search setting (`{enabled: false}` until an admin sets it). */
export function platformWebSearch(
  base: Pick<ServerBase, 'store'>,
  platformId: string,
): Promise<AIWebSearchSettings> {
  return readWebSearchSetting(base.store.db, platformId);
}
