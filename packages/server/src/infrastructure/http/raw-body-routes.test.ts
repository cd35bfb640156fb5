/**
 * Raw-body routes over real HTTP: any content type reaches the handler as bytes, a body over the
 * route's limit is 413 without being read whole (content-length refused up front, a chunked body
 * cut off as it streams), and the JSON routes keep their JSON-only parsing.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { endpoint, PUBLIC_ACCESS } from '@piecework/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logging/create-logger';
import { buildHttpApp } from './build-http-app';
import { HttpReply } from './http-reply';
import { rawRoute, route } from './route';

const LIMIT = 1024;

const echo = endpoint({
  method: 'ALL',
  path: '/v1/test/echo/:name',
  operationId: 'test.echo',
  summary: 'Echo the raw body',
  access: PUBLIC_ACCESS,
  params: z.object({ name: z.string() }),
  body: z.unknown(),
  status: 200,
});

const jsonEcho = endpoint({
  method: 'POST',
  path: '/v1/test/json',
  operationId: 'test.json',
  summary: 'Echo a JSON body',
  access: PUBLIC_ACCESS,
  body: z.object({ a: z.number() }),
  status: 200,
});

let app: FastifyInstance;
let base: string;
let port: number;
const received: number[] = [];

beforeAll(async () => {
  const logger = createLogger({
    level: 'info',
    sampleRateInfo: 100,
    destination: new Writable({ write: (_c, _e, done) => done() }),
  });
  app = await buildHttpApp({
    routes: [
      rawRoute(echo, {
        bodyLimitBytes: LIMIT,
        handler: async ({ body, params, request }) => {
          received.push(body.length);
          return new HttpReply(
            201,
            {
              name: params.name,
              method: request.method,
              contentType: request.headers['content-type'] ?? null,
              base64: body.toString('base64'),
              query: request.query,
            },
            { 'x-echo': 'yes', 'Content-Length': '1' },
          );
        },
      }),
      route(jsonEcho, { handler: async ({ body }) => body }),
    ],
    logger,
    authenticate: () => Promise.reject(new Error('no auth in this test')),
    authorize: () => Promise.resolve(undefined),
    bodyLimit: 10 * LIMIT,
    logKeepSlowMs: 1000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
  base = `http://127.0.0.1:${String(port)}/api`;
});
afterAll(() => app.close());

describe('raw-body routes', () => {
  it.each([
    ['application/json', '{"a":1}'],
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'a=1&b=2'],
    ['image/png', '\u0089PNG'],
    ['application/vnd.custom+xml', '<a/>'],
  ])('take a %s body as bytes', async (contentType, text) => {
    const response = await fetch(`${base}/v1/test/echo/x?q=1&list[]=a`, {
      method: 'PUT',
      headers: { 'content-type': contentType },
      body: text,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await response.json()).toEqual({
      name: 'x',
      method: 'PUT',
      contentType,
      base64: Buffer.from(text).toString('base64'),
      query: { q: '1', list: ['a'] },
    });
  });

  it('take no body (GET, or no content type) as empty bytes', async () => {
    const get = await fetch(`${base}/v1/test/echo/x`);
    expect(((await get.json()) as { base64: string }).base64).toBe('');
    const bare = await rawCall({ method: 'POST', headers: { 'content-length': '3' }, chunks: ['abc'] });
    expect(bare.status).toBe(201);
    expect(JSON.parse(bare.text)).toMatchObject({
      contentType: null,
      base64: Buffer.from('abc').toString('base64'),
    });
  });

  it('refuse a content-length over the limit with 413 before reading the body', async () => {
    const before = received.length;
    // Announces more than the limit and sends only a few bytes: the answer cannot wait for the rest.
    const answer = await rawCall({
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(LIMIT * 100) },
      chunks: ['tiny'],
      keepOpen: true,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers['connection']).toBe('close');
    expect(answer.headers['x-request-id']).toMatch(/^req_/);
    expect(JSON.parse(answer.text)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      params: { message: `The request body is over the limit of ${String(LIMIT)} bytes`, limitBytes: LIMIT },
    });
    expect(received.length).toBe(before);
  });

  it('cut a chunked body off at the limit, answering 413 while it still streams', async () => {
    const answer = await rawCall({
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      chunks: ['x'.repeat(LIMIT / 2), 'x'.repeat(LIMIT)],
      keepOpen: true,
    });
    expect(answer.status).toBe(413);
    expect(answer.endedBeforeAnswer).toBe(false);
  });

  it('keep the JSON routes JSON-only, with the JSON limit', async () => {
    const call = (contentType: string, body: string) =>
      fetch(`${base}/v1/test/json`, { method: 'POST', headers: { 'content-type': contentType }, body });
    const json = await call('application/json', '{"a":1}');
    expect(await json.json()).toEqual({ a: 1 });
    const text = await call('application/xml', '<a>1</a>');
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const big = await call('application/json', JSON.stringify({ a: 1, pad: 'x'.repeat(2 * LIMIT) }));
    expect(big.status).toBe(200);
  });

  it('answer a malformed content type with 415 in the error shape', async () => {
    const answer = await rawCall({
      method: 'POST',
      headers: { 'content-type': 'not a type', 'content-length': '1' },
      chunks: ['x'],
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

interface RawAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
  /** True when the request had been ended when the answer arrived. */
  endedBeforeAnswer: boolean;
}

/**
 * One request with `node:http`, writing `chunks` one by one; with `keepOpen` the request is never
 * ended, so an answer proves the server did not wait for the whole body.
 */
function rawCall(options: {
  method: string;
  headers: Record<string, string>;
  chunks: string[];
  keepOpen?: boolean;
}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let ended = false;
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/test/echo/x',
        method: options.method,
        headers: options.headers,
      },
      (response) => {
        const endedBeforeAnswer = ended;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, endedBeforeAnswer });
        });
      },
    );
    request.on('error', (error) => {
      if (!ended && options.keepOpen === true) return; // the server closed a body it refused
      reject(error);
    });
    for (const chunk of options.chunks) request.write(chunk);
    if (options.keepOpen !== true) {
      ended = true;
      request.end();
    }
  });
}
