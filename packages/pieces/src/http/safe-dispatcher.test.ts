import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeDispatcher } from './safe-dispatcher';
import { SsrfBlockedError } from './ssrf-lookup';
import { fakeResolver } from './testing/fake-resolver';
import { startLoopbackServer, type LoopbackServer } from './testing/loopback-server';
import { installNetworkTripwire } from './testing/network-tripwire';

const names = {
  'api.example': ['127.0.0.1'],
  'evil.example': ['10.0.0.1'],
  'mixed.example': ['127.0.0.1', '169.254.169.254'],
};
let server: LoopbackServer;
let removeTripwire: () => void;

beforeAll(async () => {
  removeTripwire = installNetworkTripwire();
  server = await startLoopbackServer();
});

afterAll(async () => {
  await server.close();
  removeTripwire();
});

/** Global fetch through a safe dispatcher whose names resolve from the table above (no DNS). */
function fetchVia(url: string, allowList: readonly string[]) {
  const resolver = fakeResolver(names);
  const dispatcher = createSafeDispatcher({ allowList, resolve: resolver.resolve });
  const response = fetch(url, { dispatcher } as unknown as RequestInit);
  return { response, resolver };
}

describe('createSafeDispatcher', () => {
  it.each([
    [
      'a name resolving to a private address',
      'http://evil.example/',
      'Request to evil.example (10.0.0.1) blocked: private address',
    ],
    [
      'a name with the metadata address among its addresses',
      'http://mixed.example/',
      'Request to mixed.example (169.254.169.254) blocked: cloud metadata address',
    ],
    ['an IP literal', 'http://10.1.2.3/', 'Request to 10.1.2.3 blocked: private address'],
  ])('refuses %s before connecting', async (_, url, message) => {
    const { response } = fetchVia(url, ['127.0.0.1/32']);
    const error = await response.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).cause).toBeInstanceOf(SsrfBlockedError);
    expect(((error as TypeError).cause as Error).message).toContain(message);
  });

  it('checks an IP literal without asking the resolver', async () => {
    const { response, resolver } = fetchVia('http://169.254.169.254/', []);
    await expect(response).rejects.toThrow(TypeError);
    expect(resolver.asked).toEqual([]);
  });

  it('connects to the address its lookup checked: a name resolved once, never again', async () => {
    const { response, resolver } = fetchVia(`http://api.example:${server.port}/`, ['127.0.0.1/32']);
    expect(await (await response).text()).toBe('ok');
    expect(server.requests.at(-1)!.headers.host).toBe(`api.example:${server.port}`);
    expect(resolver.asked).toEqual(['api.example']);
  });

  it('refuses the allowed name when the allow list is empty', async () => {
    const { response } = fetchVia(`http://api.example:${server.port}/`, []);
    await expect(response).rejects.toMatchObject({
      cause: {
        code: 'SSRF_BLOCKED',
        message: expect.stringMatching(/^Request to api\.example \(127\.0\.0\.1\) blocked/),
      },
    });
  });

  it('throws for an invalid allow-list entry', () => {
    expect(() => createSafeDispatcher({ allowList: ['10.0.0.0/40'] })).toThrow(
      'Invalid AP_SSRF_ALLOW_LIST entry "10.0.0.0/40"',
    );
  });
});
