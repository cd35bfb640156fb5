import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSsrfLookup, SsrfBlockedError } from './ssrf-lookup';
import { fakeResolver } from './testing/fake-resolver';

const names = {
  'evil.example': ['10.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '10.0.0.1'],
  'public.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'v6-loopback.example': ['::1'],
};

/** Calls a lookup and settles with what it called back. */
function lookup(
  fn: LookupFunction,
  hostname: string,
  options: LookupOptions = {},
): Promise<LookupAddress[] | LookupAddress> {
  return new Promise((resolve, reject) => {
    fn(hostname, options, (error, address, family) => {
      if (error) reject(error);
      else resolve(typeof address === 'string' ? { address, family: family ?? 0 } : address);
    });
  });
}

describe('createSsrfLookup', () => {
  it.each([
    [
      'a name resolving to a private address',
      'evil.example',
      'Request to evil.example (10.0.0.1) blocked: private address',
    ],
    [
      'a name resolving to the metadata address',
      'metadata.example',
      'Request to metadata.example (169.254.169.254) blocked: cloud metadata address',
    ],
    [
      'a name with one private address among public ones',
      'mixed.example',
      'Request to mixed.example (10.0.0.1) blocked',
    ],
    [
      'a name resolving to ::1',
      'v6-loopback.example',
      'Request to v6-loopback.example (::1) blocked: loopback address',
    ],
    ['a loopback literal', '127.0.0.1', 'Request to 127.0.0.1 blocked: loopback address'],
    ['the metadata literal', '169.254.169.254', 'Request to 169.254.169.254 blocked: cloud metadata address'],
    ['a decimal literal', '2130706433', 'Request to 2130706433 (127.0.0.1) blocked: loopback address'],
    ['a hex literal', '0x7f.1', 'Request to 0x7f.1 (127.0.0.1) blocked: loopback address'],
    ['a bracketed IPv6 literal', '[::1]', 'Request to [::1] (::1) blocked: loopback address'],
    [
      'an IPv4-mapped literal',
      '::ffff:127.0.0.1',
      'Request to ::ffff:127.0.0.1 (::ffff:7f00:1) blocked: loopback address',
    ],
    ['the unspecified address', '0.0.0.0', 'Request to 0.0.0.0 blocked: unspecified address'],
  ])('refuses %s', async (_, hostname, message) => {
    const resolver = fakeResolver(names);
    const error = await lookup(createSsrfLookup([], resolver.resolve), hostname).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsrfBlockedError);
    expect(error).toMatchObject({ code: 'SSRF_BLOCKED', message: expect.stringContaining(message) });
    expect((error as Error).message).toMatch(/\(AP_SSRF_ALLOW_LIST can allow it\)$/);
  });

  it('checks literals without asking the resolver', async () => {
    const resolver = fakeResolver(names);
    await expect(lookup(createSsrfLookup([], resolver.resolve), '10.0.0.1')).rejects.toThrow(
      SsrfBlockedError,
    );
    await expect(lookup(createSsrfLookup(['10.0.0.1'], resolver.resolve), '012.1')).resolves.toEqual({
      address: '10.0.0.1',
      family: 4,
    });
    expect(resolver.asked).toEqual([]);
  });

  it('gives the exact message of the example', async () => {
    await expect(lookup(createSsrfLookup([]), '169.254.169.254')).rejects.toThrow(
      'Request to 169.254.169.254 blocked: cloud metadata address (AP_SSRF_ALLOW_LIST can allow it)',
    );
  });

  it('answers in the shape asked for: one address, or all with {all: true}', async () => {
    const ssrfLookup = createSsrfLookup([], fakeResolver(names).resolve);
    await expect(lookup(ssrfLookup, 'public.example')).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    await expect(lookup(ssrfLookup, 'public.example', { all: true })).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
    await expect(lookup(ssrfLookup, '8.8.8.8', { all: true })).resolves.toEqual([
      { address: '8.8.8.8', family: 4 },
    ]);
  });

  it('lets allow-listed addresses through, and still checks the others', async () => {
    const resolver = fakeResolver(names);
    const ssrfLookup = createSsrfLookup(['10.0.0.0/8', '127.0.0.1/32'], resolver.resolve);
    await expect(lookup(ssrfLookup, 'evil.example')).resolves.toEqual({ address: '10.0.0.1', family: 4 });
    await expect(lookup(ssrfLookup, '2130706433')).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(lookup(ssrfLookup, 'metadata.example')).rejects.toThrow(/cloud metadata/);
  });

  it('supports the dns.lookup call shapes (options as a family number, or left out)', async () => {
    const ssrfLookup = createSsrfLookup([], fakeResolver(names).resolve) as unknown as (
      ...args: unknown[]
    ) => void;
    const viaNumber = await new Promise((resolve) =>
      ssrfLookup('public.example', 4, (...args: unknown[]) => resolve(args)),
    );
    const viaCallbackOnly = await new Promise((resolve) =>
      ssrfLookup('evil.example', (...args: unknown[]) => resolve(args)),
    );
    expect(viaNumber).toEqual([null, '93.184.216.34', 4]);
    expect(viaCallbackOnly).toEqual([expect.any(SsrfBlockedError)]);
  });

  it('accepts a resolver that ignores {all: true}', async () => {
    const single: LookupFunction = (_hostname, _options, callback) => callback(null, '10.0.0.1', 4);
    await expect(lookup(createSsrfLookup([], single), 'evil.example', { all: true })).rejects.toThrow(
      'Request to evil.example (10.0.0.1) blocked: private address',
    );
  });

  it('refuses an answer that is not an IP, and passes resolver errors through', async () => {
    const garbage: LookupFunction = (_hostname, _options, callback) =>
      callback(null, [{ address: 'nope', family: 4 }]);
    await expect(lookup(createSsrfLookup([], garbage), 'x.example')).rejects.toThrow(
      'Request to x.example (nope) blocked: lookup returned something that is not an IP',
    );
    await expect(
      lookup(createSsrfLookup([], fakeResolver(names).resolve), 'unknown.example'),
    ).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });

  it('refuses localhost through the real resolver (every address it has is loopback)', async () => {
    await expect(lookup(createSsrfLookup([]), 'localhost', { all: true })).rejects.toThrow(
      /^Request to localhost \((127\.0\.0\.1|::1)\) blocked: loopback address/,
    );
  });

  it('throws for an invalid allow-list entry', () => {
    expect(() => createSsrfLookup(['10.0.0.0/8', 'intranet'])).toThrow(
      'Invalid AP_SSRF_ALLOW_LIST entry "intranet"',
    );
  });
});
