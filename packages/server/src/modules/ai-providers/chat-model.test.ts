/**
 * The chat client against a real OpenAI-compatible server on loopback (the stand-in): a platform's
 * custom provider answers a tool-call round trip (tools sent as functions, tool calls parsed,
 * usage mapped), web search is asked for when the platform turned it on, a provider error is a
 * ProviderError with the provider's message, a platform without the provider gets a clear
 * PieceworkError, and without the SSRF allow list the loopback provider is never reached.
 */
import { isPieceworkError, type AgentMessage } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIStandIn, type OpenAIStandIn } from '../../testing/openai-stand-in';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { platformWebSearch, ProviderError, resolveChatModel } from './chat-model';

let standIn: OpenAIStandIn;
let server: TestServer;
let admin: TestUser;
let providerId: string;

const weather = {
  name: 'weather',
  description: 'The weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

async function addCustomProvider(
  target: TestServer,
  user: TestUser,
  apiKey: string,
  displayName = 'Stand-in',
) {
  const answer = await callApi<{ id: string }>(target.apiUrl, 'POST', '/v1/ai-providers', {
    token: user.token,
    body: {
      provider: 'custom',
      displayName,
      config: {
        baseUrl: standIn.baseUrl,
        apiKeyHeader: 'Authorization',
        models: [{ modelId: 'stand-in-model', modelName: 'Stand-in', modelType: 'text' }],
        defaultHeaders: { 'x-team': 'agents' },
      },
      auth: { apiKey },
    },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

/** The rejection of `promise`. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ text: 'unused' }));
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' });
  admin = await signUpTestUser(server);
  providerId = await addCustomProvider(server, admin, standIn.apiKey);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

describe('resolveChatModel(...).complete', () => {
  it('makes a tool-call round trip in the OpenAI protocol', async () => {
    standIn.setScript((_, index) =>
      index === 0
        ? {
            toolCalls: [{ id: 'call_paris', name: 'weather', arguments: { city: 'Paris' } }],
            usage: { prompt_tokens: 12, completion_tokens: 7 },
          }
        : { text: 'Clear skies in Paris.', usage: { prompt_tokens: 20, completion_tokens: 6 } },
    );
    const first = standIn.requests.length;
    const model = await resolveChatModel(server.server.context, admin.platformId, {
      provider: 'custom',
      model: 'stand-in-model',
    });
    expect(model).toMatchObject({ provider: 'custom', model: 'stand-in-model' });
    const messages: AgentMessage[] = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Weather in Paris?' },
    ];
    const signal = new AbortController().signal;
    const turn = await model.complete({ messages, tools: [weather], toolChoice: 'required', signal });
    expect(turn).toEqual({
      message: {
        role: 'assistant',
        content: null,
        toolCalls: [{ id: 'call_paris', name: 'weather', arguments: '{"city":"Paris"}' }],
      },
      finishReason: 'tool_calls',
      usage: { inputTokens: 12, outputTokens: 7, totalTokens: 19 },
    });
    expect(standIn.requests[first]).toEqual({
      model: 'stand-in-model',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
      tools: [{ type: 'function', function: weather }],
      tool_choice: 'required',
    });
    const followUp: AgentMessage[] = [
      ...messages,
      turn.message,
      { role: 'tool', content: '{"sky":"clear"}', toolCallId: 'call_paris' },
    ];
    const last = await model.complete({ messages: followUp, tools: [weather], signal });
    expect(last).toEqual({
      message: { role: 'assistant', content: 'Clear skies in Paris.' },
      finishReason: 'stop',
      usage: { inputTokens: 20, outputTokens: 6, totalTokens: 26 },
    });
    expect(standIn.requests[first + 1]?.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_paris',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_paris', content: '{"sky":"clear"}' },
    ]);
    expect(standIn.requests[first + 1]?.tool_choice).toBe('auto');
  });

  it("asks for web search when the platform's setting is on", async () => {
    standIn.setScript(() => ({ text: 'Searched.' }));
    const set = await callApi(server.apiUrl, 'POST', '/v1/ai-providers/web-search', {
      token: admin.token,
      body: { enabled: true },
    });
    expect(set.status).toBe(200);
    const webSearch = await platformWebSearch(server.server.context, admin.platformId);
    expect(webSearch).toEqual({ enabled: true });
    const model = await resolveChatModel(server.server.context, admin.platformId, {
      provider: 'custom',
      model: 'stand-in-model',
      configId: providerId,
    });
    const first = standIn.requests.length;
    await model.complete({
      messages: [{ role: 'user', content: 'News?' }],
      tools: [],
      webSearch,
      signal: new AbortController().signal,
    });
    expect(standIn.requests[first]?.web_search_options).toEqual({});
    expect(standIn.requests[first]).not.toHaveProperty('tools');
  });

  it("fails with a ProviderError carrying the provider's message and status", async () => {
    standIn.setScript(() => ({
      error: {
        status: 429,
        message: 'Rate limit reached for requests',
        type: 'requests',
        code: 'rate_limit_exceeded',
      },
    }));
    const model = await resolveChatModel(server.server.context, admin.platformId, {
      provider: 'custom',
      model: 'stand-in-model',
    });
    const error = await failureOf(
      model.complete({
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [],
        signal: new AbortController().signal,
      }),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message: 'Rate limit reached for requests', status: 429 });
  });

  it('uses the key of the provider configId names (a wrong key is refused by the provider)', async () => {
    const wrongKey = await addCustomProvider(server, admin, 'sk-wrong', 'Wrong key');
    const model = await resolveChatModel(server.server.context, admin.platformId, {
      provider: 'custom',
      model: 'stand-in-model',
      configId: wrongKey,
    });
    const error = await failureOf(
      model.complete({
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [],
        signal: new AbortController().signal,
      }),
    );
    expect(error).toMatchObject({
      name: 'ProviderError',
      message: 'Incorrect API key provided',
      status: 401,
    });
  });

  it('stops when the signal aborts', async () => {
    standIn.setScript(() => new Promise(() => undefined));
    const model = await resolveChatModel(server.server.context, admin.platformId, {
      provider: 'custom',
      model: 'stand-in-model',
    });
    const controller = new AbortController();
    const pending = model.complete({
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [],
      signal: controller.signal,
    });
    controller.abort();
    expect(await failureOf(pending)).toMatchObject({ name: 'AbortError' });
  });

  it('names what is missing when the platform has no such provider', async () => {
    const stranger = await signUpTestUser(server);
    const none = await failureOf(
      resolveChatModel(server.server.context, stranger.platformId, { provider: 'openai', model: 'gpt-4o' }),
    );
    expect(isPieceworkError(none, 'ENTITY_NOT_FOUND')).toBe(true);
    expect((none as Error).message).toContain('openai');
    const theirs = await failureOf(
      resolveChatModel(server.server.context, stranger.platformId, {
        provider: 'custom',
        model: 'stand-in-model',
        configId: providerId,
      }),
    );
    expect(isPieceworkError(theirs, 'ENTITY_NOT_FOUND')).toBe(true);
    const bedrock = await failureOf(
      resolveChatModel(server.server.context, admin.platformId, { provider: 'bedrock', model: 'claude' }),
    );
    expect(isPieceworkError(bedrock, 'VALIDATION')).toBe(true);
    expect((bedrock as Error).message).toContain('bedrock');
  });
});

describe('the SSRF filter', () => {
  it('refuses a provider on loopback when the allow list does not name it', async () => {
    const guarded = await startTestServer();
    try {
      const owner = await signUpTestUser(guarded);
      await addCustomProvider(guarded, owner, standIn.apiKey);
      const model = await resolveChatModel(guarded.server.context, owner.platformId, {
        provider: 'custom',
        model: 'stand-in-model',
      });
      const before = standIn.requests.length;
      const error = await failureOf(
        model.complete({
          messages: [{ role: 'user', content: 'Hi' }],
          tools: [],
          signal: new AbortController().signal,
        }),
      );
      expect(isPieceworkError(error, 'SSRF_BLOCKED')).toBe(true);
      expect(standIn.requests.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});
