/**
 * A receiver of event deliveries for tests: a real HTTP server on a loopback address that records
 * every request (headers and the raw body) and answers what the test says, and the check a
 * receiver makes of a delivery's signature, written from the documentation (not from the code
 * that signs).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the sink received. */
export interface SinkRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A running sink. */
export interface EventSink {
  /** `http://<host>:<port>/hook`. */
  readonly url: string;
  /** What it received, in order. */
  readonly requests: SinkRequest[];
  /** The bodies received, parsed. */
  events(): Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * Starts a sink on `host` (default 127.0.0.1). `answer` gives the status of the n-th request
 * (from 0; default 200), and may wait before answering.
 */
export async function startEventSink(
  options: { host?: string; answer?: (index: number) => number | Promise<number> } = {},
): Promise<EventSink> {
  const requests: SinkRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = requests.length;
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      void Promise.resolve(options.answer?.(index) ?? 200).then((status) => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end('ok');
      });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${String(port)}/hook`,
    requests,
    events: () => requests.map((request) => JSON.parse(request.body) as Record<string, unknown>),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Whether `request` carries a valid signature made with `secret`, checked as a receiver does:
 * HMAC-SHA256 of `<x-piecework-timestamp>.<raw body>`, hex, against `v1=<hex>` of
 * `x-piecework-signature`, compared in constant time, the timestamp within 5 minutes of now.
 */
export function receiverAccepts(request: SinkRequest, secret: string): boolean {
  const timestamp = String(request.headers['x-piecework-timestamp'] ?? '');
  const signature = String(request.headers['x-piecework-signature'] ?? '');
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}
