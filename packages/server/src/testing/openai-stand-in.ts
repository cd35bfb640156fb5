/**
 * A stand-in for an OpenAI-compatible model provider, for tests: a real HTTP server on loopback
 * that speaks the chat-completions protocol (`POST /v1/chat/completions` with `tools` /
 * `tool_calls`, `GET /v1/models`) and answers from a script the test gives, written from the
 * protocol's documentation. It records every request, checks the API key, can wait before
 * answering (latency, or to hold a turn open while a test restarts or cancels), records the
 * requests its client aborted, and can fail a turn with a provider error (`{error: {message, type,
 * code}}`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request the stand-in received (the parsed body). */
export interface StandInRequest {
  model: string;
  messages: {
    role: string;
    content: string | null;
    tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
  [key: string]: unknown;
}

/** What one turn answers: text, tool calls, or a provider error. */
export type StandInReply =
  | { text: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  | {
      toolCalls: { name: string; arguments: Record<string, unknown>; id?: string }[];
      text?: string;
      usage?: { prompt_tokens: number; completion_tokens: number };
    }
  | { error: { status: number; message: string; type?: string; code?: string } };

/** The script: the reply to the n-th request (from 0), given the request; may wait. */
export type StandInScript = (request: StandInRequest, index: number) => StandInReply | Promise<StandInReply>;

/** A running stand-in. */
export interface OpenAIStandIn {
  /** `http://127.0.0.1:<port>/v1`: a `custom` provider's `baseUrl`. */
  readonly baseUrl: string;
  /** The API key it accepts (`Authorization: Bearer <key>`); others get 401. */
  readonly apiKey: string;
  /** Every chat-completions request, in order. */
  readonly requests: StandInRequest[];
  /** The indexes (in {@link requests}) of the requests their client aborted before the answer. */
  readonly aborted: number[];
  /** Replaces the script (for the requests that come next). */
  setScript(script: StandInScript): void;
  close(): Promise<void>;
}

let callIds = 0;

/** Starts a stand-in answering with `script`; `models` are listed by `GET /v1/models`. */
export async function startOpenAIStandIn(
  script: StandInScript,
  options: { apiKey?: string; models?: string[] } = {},
): Promise<OpenAIStandIn> {
  const apiKey = options.apiKey ?? 'sk-stand-in';
  const requests: StandInRequest[] = [];
  const aborted: number[] = [];
  let current = script;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        send(401, {
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
        return;
      }
      if (request.method === 'GET' && request.url === '/v1/models') {
        const ids = options.models ?? ['stand-in-model'];
        send(200, {
          object: 'list',
          data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'stand-in' })),
        });
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        send(404, {
          error: {
            message: `Unknown path ${request.url ?? ''}`,
            type: 'invalid_request_error',
            code: 'not_found',
          },
        });
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StandInRequest;
      const index = requests.length;
      requests.push(body);
      response.on('close', () => {
        if (!response.writableFinished) aborted.push(index);
      });
      void Promise.resolve()
        .then(() => current(body, index))
        .then(
          (reply) => {
            if ('error' in reply) {
              const { status, message, type, code } = reply.error;
              send(status, { error: { message, type: type ?? 'api_error', code: code ?? String(status) } });
              return;
            }
            const toolCalls = 'toolCalls' in reply ? reply.toolCalls : [];
            const usage = reply.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
            send(200, {
              id: `chatcmpl-${String(index)}`,
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              model: body.model,
              choices: [
                {
                  index: 0,
                  finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
                  message: {
                    role: 'assistant',
                    content: reply.text ?? null,
                    ...(toolCalls.length > 0
                      ? {
                          tool_calls: toolCalls.map((call) => ({
                            id: call.id ?? `call_${String(++callIds)}`,
                            type: 'function',
                            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                          })),
                        }
                      : {}),
                  },
                },
              ],
              usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
            });
          },
          (error: unknown) =>
            send(500, { error: { message: String(error), type: 'server_error', code: '500' } }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${String(port)}/v1`,
    apiKey,
    requests,
    aborted,
    setScript(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
