import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetch } from './safe-fetch';
import { SsrfBlockedError } from './ssrf-lookup';
import {
  startLoopbackServer,
  type LoopbackServer,
  type RecordedRequest,
  type RouteAnswer,
} from './testing/loopback-server';
import { installNetworkTripwire } from './testing/network-tripwire';

/** `/hop/N` redirects to `/hop/N-1` (`/hop/0` answers `done`); `/to?status=S&url=U` redirects to U. */
function route(request: RecordedRequest): RouteAnswer {
  const url = new URL(request.path, 'http://test');
  const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
  if (hop) {
    const n = Number(hop[1]);
    return n === 0 ? { body: 'done' } : { status: 302, headers: { location: `/hop/${n - 1}` } };
  }
  if (url.pathname === '/to') {
    const location = url.searchParams.get('url');
    return { status: Number(url.searchParams.get('status') ?? 302), headers: location ? { location } : {} };
  }
  return { body: 'ok' };
}

const LOOPBACK = { allowList: ['127.0.0.1/32'] };
const NOTHING_ALLOWED = { allowList: [] };
let server: LoopbackServer;
let other: LoopbackServer;
let removeTripwire: () => void;

beforeAll(async () => {
  removeTripwire = installNetworkTripwire();
  [server, other] = await Promise.all([startLoopbackServer(route), startLoopbackServer(route)]);
});

afterAll(async () => {
  await Promise.all([server.close(), other.close()]);
  removeTripwire();
});

/** `{origin}/to?status=…&url=…` */
function redirectTo(url: string, status = 302, origin = server.origin): string {
  return `${origin}/to?status=${status}&url=${encodeURIComponent(url)}`;
}

/** The SSRF error a fetch rejected with (as its cause). */
async function blockedBy(promise: Promise<unknown>): Promise<SsrfBlockedError> {
  const error = await promise.then(
    () => expect.fail('the request went through'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TypeError);
  const cause = (error as TypeError).cause;
  expect(cause).toBeInstanceOf(SsrfBlockedError);
  return cause as SsrfBlockedError;
}

describe('safeFetch refuses before connecting', () => {
  it.each([
    ['loopback', () => `${server.origin}/`, 'Request to 127.0.0.1 blocked: loopback address'],
    ['10/8', () => 'http://10.0.0.1/', 'Request to 10.0.0.1 blocked: private address'],
    ['172.16/12', () => 'http://172.16.5.4/', 'Request to 172.16.5.4 blocked: private address'],
    ['192.168/16', () => 'http://192.168.1.1/', 'Request to 192.168.1.1 blocked: private address'],
    [
      'the cloud metadata address',
      () => 'http://169.254.169.254/latest/meta-data/',
      'Request to 169.254.169.254 blocked: cloud metadata address (AP_SSRF_ALLOW_LIST can allow it)',
    ],
    ['[::1]', () => `http://[::1]:${server.port}/`, 'Request to ::1 blocked: loopback address'],
    [
      '[::ffff:127.0.0.1]',
      () => `http://[::ffff:127.0.0.1]:${server.port}/`,
      'Request to ::ffff:7f00:1 blocked: loopback address (IPv4-mapped 127.0.0.1)',
    ],
    ['0.0.0.0', () => `http://0.0.0.0:${server.port}/`, 'Request to 0.0.0.0 blocked: unspecified address'],
    [
      '2130706433',
      () => `http://2130706433:${server.port}/`,
      'Request to 127.0.0.1 blocked: loopback address',
    ],
    ['0x7f.1', () => `http://0x7f.1:${server.port}/`, 'Request to 127.0.0.1 blocked: loopback address'],
    ['a name resolving to loopback', () => `http://localhost:${server.port}/`, 'Request to localhost ('],
  ])('%s', async (_, url, message) => {
    const connections = server.connections() + other.connections();
    const error = await blockedBy(safeFetch(url(), {}, NOTHING_ALLOWED));
    expect(error.message).toContain(message);
    expect(error.code).toBe('SSRF_BLOCKED');
    expect(server.connections() + other.connections()).toBe(connections);
  });
});

describe('safeFetch with the loopback server allowed', () => {
  it('reaches the server once 127.0.0.1/32 is allowed', async () => {
    const response = await safeFetch(`${server.origin}/`, {}, LOOPBACK);
    expect([response.status, await response.text()]).toEqual([200, 'ok']);
  });

  it.each([
    [
      'the cloud metadata address',
      'http://169.254.169.254/latest/meta-data/',
      'Request to 169.254.169.254 blocked: cloud metadata address',
    ],
    ['a private address', 'http://10.0.0.1/admin', 'Request to 10.0.0.1 blocked: private address'],
    ['a decimal loopback spelling', 'http://2130706434/', 'Request to 127.0.0.2 blocked: loopback address'],
  ])('refuses a redirect from the allowed server to %s', async (_, location, message) => {
    const error = await blockedBy(safeFetch(redirectTo(location), {}, LOOPBACK));
    expect(error.message).toBe(`${message} (AP_SSRF_ALLOW_LIST can allow it)`);
  });

  it('follows a redirect chain, checking every hop', async () => {
    const response = await safeFetch(`${server.origin}/hop/3`, {}, LOOPBACK);
    expect([await response.text(), response.url]).toEqual(['done', `${server.origin}/hop/0`]);
  });

  it('refuses a hop that the first ones did not reveal (127.0.0.2 is not in the list)', async () => {
    const requests = server.requests.length;
    const chain = redirectTo(redirectTo(`http://127.0.0.2:${server.port}/hop/0`));
    const error = await blockedBy(safeFetch(chain, {}, LOOPBACK));
    expect(error.message).toBe(
      'Request to 127.0.0.2 blocked: loopback address (AP_SSRF_ALLOW_LIST can allow it)',
    );
    expect(server.requests.slice(requests).map((request) => request.path.slice(0, 3))).toEqual([
      '/to',
      '/to',
    ]);
  });

  it.each([
    ['303 after a PUT', 303, 'PUT', 'GET', ''],
    ['302 after a POST', 302, 'POST', 'GET', ''],
    ['301 after a POST', 301, 'POST', 'GET', ''],
    ['302 after a PUT', 302, 'PUT', 'PUT', 'payload'],
    ['307 after a POST', 307, 'POST', 'POST', 'payload'],
    ['308 after a PATCH', 308, 'PATCH', 'PATCH', 'payload'],
  ])('%s: the next request is a %s with body %j', async (_, status, method, nextMethod, nextBody) => {
    const init = { method, body: 'payload', headers: { 'content-type': 'text/plain' } };
    const response = await safeFetch(redirectTo('/hop/0', status), init, LOOPBACK);
    await response.text();
    const last = server.requests.at(-1)!;
    expect([last.method, last.body, last.headers['content-type']]).toEqual([
      nextMethod,
      nextBody,
      nextBody === '' ? undefined : 'text/plain',
    ]);
  });

  it('drops credentials when the origin changes, keeps them when it does not', async () => {
    const headers = { authorization: 'Bearer secret', cookie: 'session=1', 'x-kept': 'yes' };
    await (await safeFetch(redirectTo('/hop/0'), { headers }, LOOPBACK)).text();
    expect(server.requests.at(-1)!.headers).toMatchObject({
      authorization: 'Bearer secret',
      cookie: 'session=1',
    });
    await (await safeFetch(redirectTo(`${other.origin}/hop/0`), { headers }, LOOPBACK)).text();
    const crossOrigin = other.requests.at(-1)!.headers;
    expect([crossOrigin.authorization, crossOrigin.cookie, crossOrigin['x-kept']]).toEqual([
      undefined,
      undefined,
      'yes',
    ]);
  });

  it('follows up to maxRedirects (default 10), then rejects', async () => {
    expect(await (await safeFetch(`${server.origin}/hop/10`, {}, LOOPBACK)).text()).toBe('done');
    await expect(safeFetch(`${server.origin}/hop/11`, {}, LOOPBACK)).rejects.toThrow(
      new TypeError(`Too many redirects: more than 10, the last from ${server.origin}/hop/1`),
    );
    await expect(safeFetch(`${server.origin}/hop/3`, { maxRedirects: 2 }, LOOPBACK)).rejects.toThrow(
      'Too many redirects: more than 2',
    );
  });

  it("returns the redirect with redirect: 'manual' and rejects with redirect: 'error'", async () => {
    const manual = await safeFetch(`${server.origin}/hop/1`, { redirect: 'manual' }, LOOPBACK);
    expect([manual.status, manual.headers.get('location')]).toEqual([302, '/hop/0']);
    await manual.body?.cancel();
    await expect(safeFetch(`${server.origin}/hop/1`, { redirect: 'error' }, LOOPBACK)).rejects.toThrow(
      `Redirect from ${server.origin}/hop/1 to ${server.origin}/hop/0 refused (redirect: 'error')`,
    );
  });

  it('returns a redirect status without a Location as it is', async () => {
    const response = await safeFetch(`${server.origin}/to?status=302`, {}, LOOPBACK);
    expect([response.status, await response.text()]).toEqual([302, 'ok']);
  });

  it('refuses to send a streamed body twice (307)', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('stream'));
        controller.close();
      },
    });
    const init = { method: 'POST', body, duplex: 'half' } as RequestInit;
    await expect(safeFetch(redirectTo('/hop/0', 307), init, LOOPBACK)).rejects.toThrow(
      'a streamed request body cannot be sent again',
    );
  });

  it.each([
    ['file:', () => 'file:///etc/passwd'],
    ['ftp:', () => 'ftp://127.0.0.1/'],
    ['a redirect to file:', () => redirectTo('file:///etc/passwd')],
    ['a redirect to data:', () => redirectTo('data:text/plain,hi')],
  ])('refuses non-http(s) URLs: %s', async (_, url) => {
    await expect(safeFetch(url(), {}, LOOPBACK)).rejects.toThrow(
      /^Only http: and https: URLs may be fetched, not/,
    );
  });
});

describe('safeFetch and credentials in the URL', () => {
  /** `http://<user>:<password>@127.0.0.1:<port><path>` of the main test server. */
  const withCredentials = (userInfo: string, path = '/hop/0') =>
    `http://${userInfo}@127.0.0.1:${server.port}${path}`;
  const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

  it.each([
    ['user and password', 'ada:s3cret', basic('ada:s3cret')],
    ['percent-encoded ones', 'a%40b:p%3Aw%20d', basic('a@b:p:w d')],
    ['a user alone', 'ada', basic('ada:')],
  ])('sends %s as basic auth, not in the URL', async (_, userInfo, authorization) => {
    const response = await safeFetch(withCredentials(userInfo), {}, LOOPBACK);
    expect(await response.text()).toBe('done');
    const received = server.requests.at(-1)!;
    expect([received.path, received.headers.authorization]).toEqual(['/hop/0', authorization]);
  });

  it("lets the caller's own Authorization header win", async () => {
    const headers = { Authorization: 'Bearer mine' };
    await (await safeFetch(withCredentials('ada:s3cret'), { headers }, LOOPBACK)).text();
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer mine');
  });

  it('keeps them on a same-origin redirect and drops them on a cross-origin one', async () => {
    await (await safeFetch(withCredentials('ada:s3cret', '/hop/2'), {}, LOOPBACK)).text();
    expect(server.requests.at(-1)!.headers.authorization).toBe(basic('ada:s3cret'));
    const crossOrigin = `/to?url=${encodeURIComponent(`${other.origin}/hop/0`)}`;
    await (await safeFetch(withCredentials('ada:s3cret', crossOrigin), {}, LOOPBACK)).text();
    expect(other.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it("drops a redirect Location's own credentials", async () => {
    const location = `/to?url=${encodeURIComponent(`http://eve:stolen@127.0.0.1:${other.port}/hop/0`)}`;
    await (await safeFetch(`${server.origin}${location}`, {}, LOOPBACK)).text();
    expect(other.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('names the URL without its password in a failure', async () => {
    const error = await safeFetch('ftp://ada:s3cret@127.0.0.1/', {}, LOOPBACK).catch((e: unknown) => e);
    expect(String(error)).not.toContain('s3cret');
  });
});
