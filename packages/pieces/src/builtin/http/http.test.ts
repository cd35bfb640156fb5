import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../testing/local-server';
import type { LocalHandler, ReceivedRequest } from '../testing/local-server';
import { runAction, testServices } from '../testing/test-services';
import { httpPiece } from './index';

let server: Awaited<ReturnType<typeof startLocalServer>>;
let route: LocalHandler = () => ({});
const received = (): ReceivedRequest[] => server.requests;

beforeAll(async () => {
  server = await startLocalServer((request) => route(request));
});
afterAll(() => server.close());

const send = (propsValue: Record<string, unknown>, services = testServices()) =>
  runAction(httpPiece, 'send_request', { method: 'GET', ...propsValue }, { services });

const reset = (handler: LocalHandler) => {
  server.requests.length = 0;
  route = handler;
};

describe('send_request against a local server', () => {
  it('sends query params, headers and a bearer token; parses a JSON answer', async () => {
    reset(() => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'x-reply': 'r' },
      body: '{"ok":true}',
    }));
    const outcome = await send({
      url: `${server.url}/items?a=1`,
      queryParams: { b: 'two', c: ['3', '4'] },
      headers: { 'X-Custom': 'yes' },
      authType: 'BEARER_TOKEN',
      authFields: { token: 't0k' },
    });
    expect(outcome).toMatchObject({
      status: 'SUCCEEDED',
      output: { status: 200, headers: { 'x-reply': 'r' }, body: { ok: true } },
    });
    expect(received()[0]).toMatchObject({
      method: 'GET',
      url: '/items?a=1&b=two&c=3&c=4',
      headers: { 'x-custom': 'yes', authorization: 'Bearer t0k' },
    });
  });

  it.each([
    ['a JSON body', { body_type: 'json', body: { data: { a: [1] } } }, 'application/json', '{"a":[1]}'],
    ['JSON text as it is', { body_type: 'json', body: { data: '{"b":2}' } }, 'application/json', '{"b":2}'],
    [
      'a URL-encoded JSON body',
      {
        body_type: 'json',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: { data: { a: 1, b: 'x y' } },
      },
      'application/x-www-form-urlencoded',
      'a=1&b=x+y',
    ],
    ['a raw body', { body_type: 'raw', body: { data: 'plain' } }, 'text/plain;charset=UTF-8', 'plain'],
  ])('posts %s', async (_, props, contentType, body) => {
    reset(() => ({ status: 201, body: 'created' }));
    const outcome = await send({ method: 'POST', url: `${server.url}/in`, ...props });
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', output: { status: 201, body: 'created' } });
    expect(received()[0]).toMatchObject({ method: 'POST', body, headers: { 'content-type': contentType } });
  });

  it('posts multipart form data with text and file fields, with basic auth', async () => {
    reset(() => ({ status: 200 }));
    const outcome = await send({
      method: 'POST',
      url: `${server.url}/upload`,
      authType: 'BASIC',
      authFields: { username: 'u', password: 'p' },
      body_type: 'form_data',
      body: {
        data: [
          { fieldName: 'note', fieldType: 'text', textFieldValue: 'hello' },
          {
            fieldName: 'doc',
            fieldType: 'file',
            fileFieldValue: { filename: 'a.txt', data: Buffer.from('file-content') },
          },
          { fieldName: 'skipped', fieldType: 'text', textFieldValue: '' },
        ],
      },
    });
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', output: { status: 200, body: '' } });
    const request = received()[0]!;
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body).toContain('name="note"\r\n\r\nhello');
    expect(request.body).toContain('name="doc"; filename="a.txt"');
    expect(request.body).toContain('file-content');
    expect(request.body).not.toContain('skipped');
  });

  it('returns a binary answer as base64', async () => {
    reset(() => ({ body: Buffer.from([0, 1, 2, 255]) }));
    const outcome = await send({ url: `${server.url}/bin`, response_is_binary: true });
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', output: { body: 'AAEC/w==' } });
  });

  it('returns redirects unless asked to follow them', async () => {
    reset((request) =>
      request.url === '/from' ? { status: 302, headers: { location: '/to' } } : { body: 'arrived' },
    );
    expect(await send({ url: `${server.url}/from` })).toMatchObject({
      status: 'SUCCEEDED',
      output: { status: 302, headers: { location: '/to' } },
    });
    expect(await send({ url: `${server.url}/from`, followRedirects: true })).toMatchObject({
      status: 'SUCCEEDED',
      output: { status: 200, body: 'arrived' },
    });
  });

  it.each([
    ['continue_none fails the step', 'continue_none', 404, 1, 'FAILED'],
    ['retry_none fails the step', 'retry_none', 500, 1, 'FAILED'],
    ['continue_4xx continues on 404', 'continue_4xx', 404, 1, 'SUCCEEDED'],
    ['continue_4xx retries then fails on 500', 'continue_4xx', 500, 3, 'FAILED'],
    ['retry_5xx retries then fails on 503', 'retry_5xx', 503, 3, 'FAILED'],
    ['retry_5xx continues on 404', 'retry_5xx', 404, 1, 'SUCCEEDED'],
    ['retry_all retries then fails on 404', 'retry_all', 404, 3, 'FAILED'],
    ['continue_all continues on 500', 'continue_all', 500, 1, 'SUCCEEDED'],
  ])('%s', async (_, failureMode, status, attempts, result) => {
    reset(() => ({ status, body: '{"error":"nope"}' }));
    const outcome = await send({ url: `${server.url}/fail`, failureMode });
    expect(received()).toHaveLength(attempts);
    expect(outcome.status).toBe(result);
    const message = `Request to ${server.url}/fail failed with status ${status}: {"error":"nope"}`;
    if (outcome.status === 'FAILED') expect(outcome.message).toBe(message);
    if (outcome.status === 'SUCCEEDED') {
      expect(outcome.output).toEqual({
        error: message,
        response: { status, body: { error: 'nope' } },
        request: {},
      });
    }
  });

  it('succeeds when a retry does', async () => {
    let calls = 0;
    reset(() => (++calls === 1 ? { status: 500 } : { body: 'fine' }));
    expect(await send({ url: `${server.url}/flaky`, failureMode: 'retry_all' })).toMatchObject({
      status: 'SUCCEEDED',
      output: { body: 'fine' },
    });
    expect(received()).toHaveLength(2);
  });

  it('gives up after the timeout', async () => {
    reset(() => ({ body: 'late', delayMs: 2_000 }));
    const outcome = await send({ url: `${server.url}/slow`, timeout: 0.2 });
    expect(outcome).toEqual({ status: 'FAILED', message: `Request to ${server.url}/slow timed out` });
  });
});

describe('send_request and credentials in the URL', () => {
  const withCredentials = (path: string) => server.url.replace('http://', 'http://ada:s3cret@') + path;

  it('sends them as basic auth', async () => {
    reset(() => ({ body: 'in' }));
    expect(await send({ url: withCredentials('/private') })).toMatchObject({ status: 'SUCCEEDED' });
    expect(received()[0]).toMatchObject({
      url: '/private',
      headers: { authorization: `Basic ${Buffer.from('ada:s3cret').toString('base64')}` },
    });
  });

  it('keeps the password out of a failure message', async () => {
    reset(() => ({ status: 401, body: 'no' }));
    const outcome = await send({ url: withCredentials('/private') });
    expect(outcome).toEqual({
      status: 'FAILED',
      message: `Request to ${server.url.replace('http://', 'http://ada:***@')}/private failed with status 401: no`,
    });
  });
});

describe('send_request and the SSRF filter', () => {
  it('refuses a private address before connecting', async () => {
    const outcome = await send({ url: 'http://10.0.0.1/secret' });
    expect(outcome.status).toBe('FAILED');
    expect(outcome.status === 'FAILED' && outcome.message).toMatch(
      /^Request to http:\/\/10\.0\.0\.1\/secret failed: .*blocked: private address/,
    );
  });

  it('refuses loopback when the allow list does not include it', async () => {
    reset(() => ({ body: 'should not be reached' }));
    const outcome = await send({ url: `${server.url}/x` }, testServices({ ssrfAllowList: [] }));
    expect(outcome.status === 'FAILED' && outcome.message).toContain('blocked');
    expect(received()).toHaveLength(0);
  });

  it('continues with the failure when asked to', async () => {
    const outcome = await send({ url: 'http://10.0.0.1/', failureMode: 'continue_all' });
    expect(outcome).toMatchObject({
      status: 'SUCCEEDED',
      output: { error: expect.stringContaining('blocked'), response: { status: 0, body: null } },
    });
  });
});

describe('send_request input checks', () => {
  it.each([
    ['a relative URL', { url: '/nope' }, 'Input "url" is not an absolute URL: /nope'],
    [
      'an unknown method',
      { method: 'FETCH', url: 'http://127.0.0.1/' },
      'Input "method" must be one of GET, POST, PATCH, PUT, DELETE, HEAD',
    ],
    [
      'a proxy',
      { url: 'http://127.0.0.1/', use_proxy: true },
      'Sending requests through a proxy is not supported',
    ],
    [
      'basic auth without a password',
      { url: 'http://127.0.0.1/', authType: 'BASIC', authFields: { username: 'u' } },
      'Input "password" is required',
    ],
  ])('fails on %s', async (_, props, message) => {
    expect(await send(props)).toEqual({ status: 'FAILED', message: expect.stringContaining(message) });
  });
});
