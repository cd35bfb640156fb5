/**
 * A stand-in Piecework API on loopback for the SDK's tests of its HTTP calls: each request is
 * answered by the test's function and recorded as it was seen.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the loopback server saw it. */
export interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A server on loopback answering each request with `answer(request)`; records what it saw. */
export async function startApi(answer: (seen: Seen) => { status: number; body?: unknown }) {
  const seen: Seen[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const each = {
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      };
      seen.push(each);
      const { status, body: answerBody } = answer(each);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(answerBody === undefined ? '' : JSON.stringify(answerBody));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}
const servers: Server[] = [];

/** Stops every server {@link startApi} started (call it in `afterEach`). */
export async function closeLoopbackApis(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
}
