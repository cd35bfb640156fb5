import { describe, expect, it } from 'vitest';
import { redirectRequest, type HopRequest } from './redirect-request';

function request(overrides: Partial<HopRequest> = {}): HopRequest {
  return {
    url: new URL('https://api.example/start'),
    method: 'POST',
    headers: new Headers({ authorization: 'Bearer t', 'content-type': 'application/json', 'x-trace': '1' }),
    body: '{"a":1}',
    ...overrides,
  };
}

describe('redirectRequest', () => {
  it.each([
    [303, 'POST', 'GET', false],
    [303, 'GET', 'GET', true],
    [303, 'HEAD', 'HEAD', true],
    [301, 'POST', 'GET', false],
    [302, 'POST', 'GET', false],
    [302, 'DELETE', 'DELETE', true],
    [307, 'POST', 'POST', true],
    [308, 'PUT', 'PUT', true],
  ])('%i after %s: %s, body kept: %s', (status, method, nextMethod, keepsBody) => {
    const next = redirectRequest(request({ method }), status, new URL('https://api.example/next'));
    expect([next.method, next.body !== undefined, next.headers.has('content-type')]).toEqual([
      nextMethod,
      keepsBody,
      keepsBody,
    ]);
  });

  it('drops credentials across origins only, without changing the previous request', () => {
    const previous = request();
    const sameOrigin = redirectRequest(previous, 307, new URL('https://api.example/other'));
    const otherOrigin = redirectRequest(previous, 307, new URL('http://api.example/other'));
    expect(sameOrigin.headers.get('authorization')).toBe('Bearer t');
    expect([otherOrigin.headers.get('authorization'), otherOrigin.headers.get('x-trace')]).toEqual([
      null,
      '1',
    ]);
    expect(previous.headers.get('authorization')).toBe('Bearer t');
  });

  it.each([
    ['a string', 'text'],
    ['bytes', new Uint8Array([1, 2])],
    ['a Blob', new Blob(['x'])],
    ['URLSearchParams', new URLSearchParams({ a: '1' })],
    ['FormData', new FormData()],
  ])('resends %s on 307', (_, body) => {
    expect(redirectRequest(request({ body }), 307, new URL('https://api.example/n')).body).toBe(body);
  });

  it('refuses to resend a stream on 308', () => {
    const body = new ReadableStream();
    expect(() => redirectRequest(request({ body }), 308, new URL('https://api.example/n'))).toThrow(
      TypeError,
    );
  });

  it('refuses a location that is not http(s)', () => {
    expect(() => redirectRequest(request(), 302, new URL('file:///etc/passwd'))).toThrow(
      'Only http: and https: URLs may be fetched, not file: (file:///etc/passwd)',
    );
  });
});
