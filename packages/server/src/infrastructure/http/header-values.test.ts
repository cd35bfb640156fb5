/**
 * Headers an {@link HttpReply} is given are made to fit HTTP or dropped; an error answer never
 * carries a header Node would refuse, so it is always `{code, params}` (real HTTP on loopback).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpReply } from './http-reply';
import { sendError } from './send-error';

describe('HttpReply headers', () => {
  it.each([
    ['ASCII, as it is', 'x-a', 'plain', { 'x-a': 'plain' }, []],
    ['Latin-1, as UTF-8 bytes', 'x-a', 'café', { 'x-a': Buffer.from('café').toString('latin1') }, []],
    [
      'beyond Latin-1, as UTF-8 bytes',
      'x-a',
      'h€llo ✓',
      { 'x-a': Buffer.from('h€llo ✓').toString('latin1') },
      [],
    ],
    ['a CR LF, dropped', 'x-a', 'a\r\nx-injected: 1', {}, ['x-a']],
    ['a NUL, dropped', 'x-a', 'a\u0000b', {}, ['x-a']],
    ['a name with a space, dropped', 'x a', 'v', {}, ['x a']],
    ['a name beyond ASCII, dropped', 'x-é', 'v', {}, ['x-é']],
    ['a framing header, left to HTTP', 'Content-Length', '5', {}, []],
  ])('%s', (_, name, value, headers, dropped) => {
    const reply = new HttpReply(200, 'x', { [name]: value });
    expect(reply.headers).toEqual(headers);
    expect(reply.droppedHeaders).toEqual(dropped);
  });
});

describe('sendError', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('answers {code, params} even when the reply already holds a header Node refuses', async () => {
    app = Fastify();
    app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
    app.get('/bad-header', (_request, reply) =>
      reply.header('x-bad', 'h€llo').header('x-good', 'ok').send('x'),
    );
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${url}/bad-header`);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      code: 'INTERNAL_ERROR',
      params: { message: 'Internal server error' },
    });
    expect(response.headers.get('x-bad')).toBeNull();
    expect(response.headers.get('x-good')).toBe('ok');
  });
});
