/**
 * A native MCP client's redirect target for browser tests: a tiny HTTP server on 127.0.0.1 that
 * answers every path with a small page, so a test can register `callbackUrl` as a client's
 * redirect URI and see the browser arrive there with `code` and `state` (or `error`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running loopback redirect target. */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly callbackUrl: string;
  close(): Promise<void>;
}

/** Starts the target on a free port. */
export async function startLoopbackRedirect(): Promise<LoopbackRedirect> {
  const server = createServer((request, response) => {
    if (request.url === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><title>MCP client</title></head><body><main><h1>You can close this window</h1></main></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    callbackUrl: `http://127.0.0.1:${String(port)}/callback`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
