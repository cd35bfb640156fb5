/**
 * A request to a provider over real HTTP (the stand-in on loopback): a model listing is read in
 * the OpenAI protocol, a provider's error is a ProviderError with its message, a provider that
 * does not answer is a ProviderError without status, a blocked address is SSRF_BLOCKED.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { isPieceworkError } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIStandIn, type OpenAIStandIn } from '../../testing/openai-stand-in';
import { openAIModels } from './openai-protocol';
import { ProviderError } from './provider-error';
import { providerRequest, type ProviderCall } from './provider-request';

let standIn: OpenAIStandIn;
beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ text: 'unused' }), { models: ['gpt-stand-in', 'gpt-mini'] });
});
afterAll(() => standIn.close());

const call = (overrides: Partial<ProviderCall>): ProviderCall => ({
  method: 'GET',
  url: `${standIn.baseUrl}/models`,
  headers: { authorization: `Bearer ${standIn.apiKey}` },
  signal: AbortSignal.timeout(10_000),
  allowList: ['127.0.0.1'],
  ...overrides,
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('providerRequest', () => {
  it("lists a provider's models", async () => {
    const answer = await providerRequest(call({}));
    expect(openAIModels(answer.body, answer.status)).toEqual([
      { id: 'gpt-stand-in', name: 'gpt-stand-in', type: 'text' },
      { id: 'gpt-mini', name: 'gpt-mini', type: 'text' },
    ]);
  });

  it("fails with the provider's own message and status", async () => {
    const error = await providerRequest(call({ headers: { authorization: 'Bearer sk-wrong' } })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message: 'Incorrect API key provided', status: 401 });
  });

  it('fails without a status when the provider does not answer', async () => {
    const url = `http://127.0.0.1:${String(await closedPort())}/v1/models`;
    const error = await providerRequest(call({ url })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: undefined });
    expect((error as Error).message).toContain('did not answer');
  });

  it('refuses a loopback provider the allow list does not name', async () => {
    const before = standIn.requests.length;
    const error = await providerRequest(call({ allowList: [] })).catch((caught: unknown) => caught);
    expect(isPieceworkError(error, 'SSRF_BLOCKED')).toBe(true);
    expect(standIn.requests.length).toBe(before);
  });
});
