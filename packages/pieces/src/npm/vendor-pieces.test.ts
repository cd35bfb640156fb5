import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NpmPieceHost } from './npm-piece-host';
import { REAL_PIECES, testResolver } from './testing/fixture-pieces';
import { startLocalServer } from './testing/local-server';
import { actionRequest } from './testing/requests';
import { testServices } from './testing/test-services';

const LOOPBACK = ['127.0.0.1/32'];

/** Unmodified vendor pieces against local HTTP servers playing the vendor API. */
describe('vendor npm pieces through NpmPieceHost', () => {
  let host: NpmPieceHost;
  let api: Awaited<ReturnType<typeof startLocalServer>>;
  beforeAll(async () => {
    host = new NpmPieceHost({ resolvePiece: testResolver(), poolSize: 2 });
    api = await startLocalServer((request) =>
      request.path.endsWith('/chat/completions')
        ? {
            body: {
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 0,
              model: 'gpt-3.5-turbo',
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: 'Hello from 127.0.0.1' },
                  finish_reason: 'stop',
                },
              ],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            },
          }
        : { body: { ok: true, echo: request.body } },
    );
  });
  afterAll(async () => {
    await host.close();
    await api.close();
  });

  describe('slack 0.17.9 (V2, bundled)', () => {
    const botAuth = { type: 'CUSTOM_AUTH', props: { botToken: 'xoxb-fake-bot-token' } };
    const customCall = (url: string) =>
      actionRequest(REAL_PIECES.slack, 'custom_api_call', {
        auth: botAuth,
        url: { url },
        method: 'POST',
        headers: {},
        queryParams: {},
        body_type: 'json',
        body: { data: { channel: 'C1' } },
      });

    it('markdownToSlackFormat needs no auth', async () => {
      const request = actionRequest(REAL_PIECES.slack, 'markdownToSlackFormat', {
        markdown: '**bold** and [a link](https://example.com)',
      });
      expect(await host.runAction(request, testServices().services)).toEqual({
        status: 'SUCCEEDED',
        output: '\u200b*bold*\u200b and <https://example.com|a link>\n',
      });
    });

    it('custom_api_call reaches an allow-listed local server with the bot token', async () => {
      const { services } = testServices({ ssrfAllowList: LOOPBACK });
      const outcome = await host.runAction(customCall(`${api.url}/api/conversations.info`), services);
      expect(outcome).toMatchObject({
        status: 'SUCCEEDED',
        output: { status: 200, body: { ok: true, echo: { channel: 'C1' } } },
      });
      expect(api.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: '/api/conversations.info',
        headers: { authorization: 'Bearer xoxb-fake-bot-token' },
      });
    });

    it('custom_api_call to loopback fails when it is not allow-listed (the SSRF filter in the piece process)', async () => {
      const before = api.requests.length;
      const outcome = await host.runAction(customCall(`${api.url}/api/auth.test`), testServices().services);
      expect(outcome).toEqual({
        status: 'FAILED',
        message:
          'fetch failed: Request to 127.0.0.1 blocked: loopback address (AP_SSRF_ALLOW_LIST can allow it)',
      });
      expect(api.requests.length).toBe(before);
    });
  });

  describe('openai 0.3.18 (V0: the connection arrives as bare props)', () => {
    it('ask_chatgpt calls the baseUrl of the connection and keeps the history in the project store', async () => {
      const { services, entries } = testServices({ ssrfAllowList: LOOPBACK });
      const request = actionRequest(REAL_PIECES.openai, 'ask_chatgpt', {
        auth: { type: 'CUSTOM_AUTH', props: { apiKey: 'sk-test', baseUrl: `${api.url}/v1` } },
        prompt: 'Say hello',
        memoryKey: 'chat',
      });
      expect(await host.runAction(request, services)).toEqual({
        status: 'SUCCEEDED',
        output: 'Hello from 127.0.0.1',
      });
      expect(api.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: '/v1/chat/completions',
        headers: { authorization: 'Bearer sk-test' },
        body: { model: 'gpt-3.5-turbo', max_tokens: 2048, temperature: 0.9 },
      });
      expect(entries.get('PROJECT:chat')).toEqual([
        { role: 'user', content: 'Say hello' },
        { role: 'assistant', content: 'Hello from 127.0.0.1' },
      ]);
    });
  });
});
