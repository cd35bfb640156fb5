/**
 * `/v1/ai-providers` over HTTP: platform admins add, list, change and remove providers (the key
 * sealed at rest, never answered); bad input is a 400 that writes nothing; another platform sees
 * nothing and gets 404; models are the configured ones or the provider's; web search is off
 * until set.
 */
import type { AIProviderModel, AIProviderWithoutSensitiveData, AIWebSearchSettings } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type ApiAnswer } from '../../testing/call-api';
import { rowCounts } from '../../testing/row-counts';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
});
afterAll(() => server.close());

function api<T = unknown>(
  user: { token: string },
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  return callApi<T>(server.apiUrl, method, path, { token: user.token, ...options });
}

async function create(body: Record<string, unknown>): Promise<AIProviderWithoutSensitiveData> {
  const answer = await api<AIProviderWithoutSensitiveData>(admin, 'POST', '/v1/ai-providers', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const sealedAuthOf = async (id: string) =>
  (
    await server.server.context.store.db
      .selectFrom('aiProvider')
      .select('sealedAuth')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).sealedAuth;

const customConfig = {
  baseUrl: 'https://llm.example.com/v1',
  apiKeyHeader: 'Authorization',
  models: [{ modelId: 'llama-3', modelName: 'Llama 3', modelType: 'text' }],
  defaultHeaders: { 'x-team': 'agents' },
};

describe('/v1/ai-providers', () => {
  it('adds a provider, answering it without its key and storing the key sealed', async () => {
    const created = await create({
      provider: 'openai',
      displayName: 'OpenAI',
      config: {},
      auth: { apiKey: 'sk-secret-openai-1' },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-zA-Z]{21}$/) as unknown,
      created: expect.any(String) as unknown,
      updated: created.created,
      name: 'OpenAI',
      provider: 'openai',
      config: {},
      enabledForChat: false,
    });
    const sealed = await sealedAuthOf(created.id);
    expect(sealed).not.toContain('sk-secret-openai-1');
    expect(server.server.context.secrets.open(sealed)).toEqual({ apiKey: 'sk-secret-openai-1' });
    const listed = await api<AIProviderWithoutSensitiveData[]>(admin, 'GET', '/v1/ai-providers');
    expect(listed.body.map((provider) => provider.id)).toContain(created.id);
    expect(JSON.stringify(listed.body)).not.toContain('sk-secret');
  });

  it("lists none of another platform's providers and answers 404 for their ids", async () => {
    const mine = await create({
      provider: 'anthropic',
      displayName: 'Claude',
      config: {},
      auth: { apiKey: 'k1' },
    });
    expect((await api<unknown[]>(stranger, 'GET', '/v1/ai-providers')).body).toEqual([]);
    const update = await api(stranger, 'POST', `/v1/ai-providers/${mine.id}`, {
      body: { displayName: 'Mine now' },
    });
    expect(update).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
    expect((await api(stranger, 'DELETE', `/v1/ai-providers/${mine.id}`)).status).toBe(404);
    const models = await api(stranger, 'GET', '/v1/ai-providers/anthropic/models', {
      query: { configId: mine.id },
    });
    expect(models.status).toBe(404);
    const still = await api<AIProviderWithoutSensitiveData[]>(admin, 'GET', '/v1/ai-providers');
    expect(still.body.find((provider) => provider.id === mine.id)?.name).toBe('Claude');
  });

  it('updates what is given and keeps the rest, the key included when auth is absent', async () => {
    const created = await create({
      provider: 'custom',
      displayName: 'Local',
      config: customConfig,
      auth: { apiKey: 'k-custom' },
    });
    expect(created.config).toEqual(customConfig);
    const sealedBefore = await sealedAuthOf(created.id);
    const renamed = await api<AIProviderWithoutSensitiveData>(
      admin,
      'POST',
      `/v1/ai-providers/${created.id}`,
      {
        body: { displayName: 'Local LLM', enabledForChat: true },
      },
    );
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: 'Local LLM', config: customConfig, enabledForChat: true },
    });
    expect(await sealedAuthOf(created.id)).toBe(sealedBefore);
    const rekeyed = await api<AIProviderWithoutSensitiveData>(
      admin,
      'POST',
      `/v1/ai-providers/${created.id}`,
      {
        body: {
          displayName: 'Local LLM',
          auth: { apiKey: 'k-custom-2' },
          config: { ...customConfig, models: [] },
        },
      },
    );
    expect(rekeyed.body).toMatchObject({ name: 'Local LLM', config: { models: [] }, enabledForChat: true });
    expect(JSON.stringify(rekeyed.body)).not.toContain('k-custom-2');
    expect(server.server.context.secrets.open(await sealedAuthOf(created.id))).toEqual({
      apiKey: 'k-custom-2',
    });
  });

  it('refuses a config that does not fit the provider on update, changing nothing', async () => {
    const created = await create({
      provider: 'azure',
      displayName: 'Azure',
      config: { resourceName: 'contoso' },
      auth: { apiKey: 'k-azure' },
    });
    for (const config of [{ resourceName: 'evil.example/x#' }, customConfig]) {
      const answer = await api(admin, 'POST', `/v1/ai-providers/${created.id}`, {
        body: { displayName: 'Changed', config },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION', params: { provider: 'azure' } },
      });
    }
    const listed = await api<AIProviderWithoutSensitiveData[]>(admin, 'GET', '/v1/ai-providers');
    expect(listed.body.find((provider) => provider.id === created.id)).toMatchObject({
      name: 'Azure',
      config: { resourceName: 'contoso' },
    });
  });

  it('deletes a provider (204), then answers 404 for it', async () => {
    const created = await create({
      provider: 'google',
      displayName: 'Gemini',
      config: {},
      auth: { apiKey: 'k' },
    });
    expect((await api(admin, 'DELETE', `/v1/ai-providers/${created.id}`)).status).toBe(204);
    expect((await api(admin, 'DELETE', `/v1/ai-providers/${created.id}`)).status).toBe(404);
    const listed = await api<AIProviderWithoutSensitiveData[]>(admin, 'GET', '/v1/ai-providers');
    expect(listed.body.map((provider) => provider.id)).not.toContain(created.id);
  });

  it.each([
    ['no key', { provider: 'openai', displayName: 'A', config: {} }, undefined],
    ['an empty key', { provider: 'openai', displayName: 'A', config: {}, auth: { apiKey: '' } }, undefined],
    [
      'an unknown provider',
      { provider: 'mistral', displayName: 'A', config: {}, auth: { apiKey: 'k' } },
      undefined,
    ],
    ['no display name', { provider: 'openai', config: {}, auth: { apiKey: 'k' } }, undefined],
    [
      'bedrock',
      { provider: 'bedrock', displayName: 'A', config: { region: 'us-east-1' }, auth: { apiKey: 'k' } },
      'bedrock',
    ],
    [
      'activepieces',
      { provider: 'activepieces', displayName: 'A', config: {}, auth: { apiKey: 'k' } },
      'activepieces',
    ],
    [
      'a base URL that is not a URL',
      {
        provider: 'custom',
        displayName: 'A',
        config: { ...customConfig, baseUrl: 'llm' },
        auth: { apiKey: 'k' },
      },
      undefined,
    ],
    [
      'a base URL that is not http(s)',
      {
        provider: 'custom',
        displayName: 'A',
        config: { ...customConfig, baseUrl: 'ftp://llm.example/v1' },
        auth: { apiKey: 'k' },
      },
      'custom',
    ],
    [
      'a key header that is no header',
      {
        provider: 'custom',
        displayName: 'A',
        config: { ...customConfig, apiKeyHeader: 'x key' },
        auth: { apiKey: 'k' },
      },
      'custom',
    ],
    [
      'an Azure resource that is no host label',
      { provider: 'azure', displayName: 'A', config: { resourceName: 'a.b/c' }, auth: { apiKey: 'k' } },
      'azure',
    ],
    [
      'a Cloudflare gateway without its account',
      {
        provider: 'cloudflare-gateway',
        displayName: 'A',
        config: { gatewayId: 'g', models: [] },
        auth: { apiKey: 'k' },
      },
      undefined,
    ],
  ])('refuses to add a provider with %s (400 VALIDATION, nothing stored)', async (_, body, provider) => {
    const before = await rowCounts(server, ['aiProvider']);
    const answer = await api<{ code: string; params: Record<string, unknown> }>(
      admin,
      'POST',
      '/v1/ai-providers',
      {
        body,
      },
    );
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    if (provider !== undefined) expect(answer.body.params.provider).toBe(provider);
    if (provider === 'bedrock' || provider === 'activepieces') {
      expect(answer.body.params.message).toContain(provider);
    }
    expect(await rowCounts(server, ['aiProvider'])).toEqual(before);
  });

  it('lets members list providers but not add them', async () => {
    const member = await addTestUser(server, admin.platformId, 'MEMBER');
    expect((await api(member, 'GET', '/v1/ai-providers')).status).toBe(200);
    const before = await rowCounts(server, ['aiProvider']);
    const answer = await api(member, 'POST', '/v1/ai-providers', {
      body: { provider: 'openai', displayName: 'Mine', config: {}, auth: { apiKey: 'k' } },
    });
    expect(answer.status).toBe(403);
    expect(await rowCounts(server, ['aiProvider'])).toEqual(before);
  });
});

describe('/v1/ai-providers/:provider/models', () => {
  it('answers the configured models of a custom or Cloudflare provider, the one configId names', async () => {
    const first = await create({
      provider: 'cloudflare-gateway',
      displayName: 'CF 1',
      config: {
        accountId: 'acc',
        gatewayId: 'gw',
        models: [{ modelId: 'openai/gpt-4o', modelName: 'GPT-4o', modelType: 'text' }],
      },
      auth: { apiKey: 'k' },
    });
    const second = await create({
      provider: 'cloudflare-gateway',
      displayName: 'CF 2',
      config: {
        accountId: 'acc',
        gatewayId: 'gw2',
        models: [
          { modelId: 'workers-ai/llama', modelName: 'Llama', modelType: 'text' },
          { modelId: 'img', modelName: 'Image', modelType: 'image' },
        ],
      },
      auth: { apiKey: 'k' },
    });
    const byDefault = await api<AIProviderModel[]>(
      admin,
      'GET',
      '/v1/ai-providers/cloudflare-gateway/models',
    );
    expect(byDefault).toMatchObject({
      status: 200,
      body: [{ id: 'openai/gpt-4o', name: 'GPT-4o', type: 'text' }],
    });
    const chosen = await api<AIProviderModel[]>(admin, 'GET', '/v1/ai-providers/cloudflare-gateway/models', {
      query: { configId: second.id },
    });
    expect(chosen.body).toEqual([
      { id: 'workers-ai/llama', name: 'Llama', type: 'text' },
      { id: 'img', name: 'Image', type: 'image' },
    ]);
    const wrongName = await api(admin, 'GET', '/v1/ai-providers/custom/models', {
      query: { configId: first.id },
    });
    expect(wrongName.status).toBe(404);
  });

  it('answers 404 naming the provider when none is configured, 400 for an unknown name', async () => {
    const none = await api<{ code: string; params: { message: string } }>(
      stranger,
      'GET',
      '/v1/ai-providers/openrouter/models',
    );
    expect(none).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND', params: { provider: 'openrouter' } },
    });
    expect(none.body.params.message).toContain('openrouter');
    expect((await api(admin, 'GET', '/v1/ai-providers/mistral/models')).status).toBe(400);
  });
});

describe('/v1/ai-providers/web-search', () => {
  it('is off until set, then answers what was set, per platform', async () => {
    const fresh = await signUpTestUser(server);
    expect((await api<AIWebSearchSettings>(fresh, 'GET', '/v1/ai-providers/web-search')).body).toEqual({
      enabled: false,
    });
    const set = await api<AIWebSearchSettings>(fresh, 'POST', '/v1/ai-providers/web-search', {
      body: { enabled: true, maxUses: 3 },
    });
    expect(set).toMatchObject({ status: 200, body: { enabled: true, maxUses: 3 } });
    expect((await api(fresh, 'GET', '/v1/ai-providers/web-search')).body).toEqual({
      enabled: true,
      maxUses: 3,
    });
    await api(fresh, 'POST', '/v1/ai-providers/web-search', { body: { enabled: false } });
    expect((await api(fresh, 'GET', '/v1/ai-providers/web-search')).body).toEqual({ enabled: false });
    expect((await api(stranger, 'GET', '/v1/ai-providers/web-search')).body).toEqual({ enabled: false });
  });

  it('refuses a bad setting, changing nothing', async () => {
    await api(admin, 'POST', '/v1/ai-providers/web-search', { body: { enabled: true, maxUses: 2 } });
    for (const body of [{ enabled: 'yes' }, { enabled: true, maxUses: 0 }, {}]) {
      const answer = await api(admin, 'POST', '/v1/ai-providers/web-search', { body });
      expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    }
    expect((await api(admin, 'GET', '/v1/ai-providers/web-search')).body).toEqual({
      enabled: true,
      maxUses: 2,
    });
  });
});
