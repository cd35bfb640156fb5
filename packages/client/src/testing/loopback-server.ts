/**
 * A real HTTP server on 127.0.0.1 for the client's tests: it records every request and answers
 * with what the test's handler returns (JSON for values, `text/plain` for strings).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query string, e.g. `/api/v1/flows?projectId=p`. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The body parsed as JSON, `undefined` when empty. */
  readonly body: unknown;
}

/** What to answer: a status, a body (strings are sent as text, anything else as JSON) and headers. */
export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** A running server; `close()` it after the test. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts a server whose every answer is `handler(request, index of the request)`. */
export async function startLoopbackServer(
  handler: (request: RecordedRequest, index: number) => Reply,
): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(request);
      const reply = handler(request, requests.length - 1);
      const isText = typeof reply.body === 'string';
      const body = reply.body === undefined ? '' : isText ? String(reply.body) : JSON.stringify(reply.body);
      outgoing.writeHead(reply.status, {
        'x-request-id': `req_${requests.length}`,
        ...(body === '' ? {} : { 'content-type': isText ? 'text/plain' : 'application/json' }),
        ...reply.headers,
      });
      outgoing.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}
