import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseAllowList } from './address-policy';
import { createGuardLookups } from './guard-lookups';
import { guardConnectArgs } from './guard-socket-connect';

const guard = createGuardLookups(parseAllowList(['10.9.0.0/16']));
const callback = () => undefined;
const ownLookup: LookupFunction = (_hostname, _options, cb) => cb(null, '10.0.0.1', 4);

/** What the guard makes of the arguments: 'blocked: …', or the options' host and lookup. */
function guarded(...args: unknown[]): string | { args: unknown[] } {
  const result = guardConnectArgs(args, guard);
  return 'error' in result ? `blocked: ${result.error.message}` : result;
}

describe('guardConnectArgs', () => {
  it.each([
    ['an options object', [{ host: '127.0.0.1', port: 80 }, callback]],
    ['port and host', [80, '169.254.169.254', callback]],
    ['a port string and host', ['80', '10.0.0.1']],
    ['an IPv6 literal', [{ host: '::1', port: 80 }]],
    ['an IPv4-mapped literal', [{ host: '::ffff:127.0.0.1', port: 80 }]],
    ["net.connect's normalized array", [[{ host: '192.168.0.1', port: 80 }, callback]]],
  ])('refuses a blocked IP literal in %s', (_, args) => {
    expect(guarded(...args)).toMatch(/^blocked: Request to .* blocked: /);
  });

  it('lets an allowed literal through', () => {
    expect(guarded({ host: '10.9.1.1', port: 80 })).toEqual({
      args: [expect.objectContaining({ host: '10.9.1.1' })],
    });
  });

  it('gives names the guard lookup, without changing the caller options', () => {
    const options = { host: 'example.com', port: 443 };
    expect(guarded(options, callback)).toEqual({ args: [{ ...options, lookup: guard.lookup }, callback] });
    expect(options).toEqual({ host: 'example.com', port: 443 });
  });

  it('defaults the host to localhost, with the guard lookup', () => {
    expect(guarded(8080)).toEqual({ args: [{ port: 8080, lookup: guard.lookup }] });
    expect(guarded({ port: 8080 })).toEqual({ args: [{ port: 8080, lookup: guard.lookup }] });
  });

  it("wraps a caller's own lookup (so its answers are checked too)", () => {
    const result = guarded({ host: 'svc.internal', port: 80, lookup: ownLookup }) as {
      args: [{ lookup: unknown }];
    };
    expect(result.args[0].lookup).not.toBe(ownLookup);
    expect(result.args[0].lookup).toBe(guard.lookupFor(ownLookup));
    expect(guard.lookupFor(result.args[0].lookup)).toBe(result.args[0].lookup);
  });

  it("keeps net.connect's normalized array marker and replaces only the options", () => {
    const marker = Symbol('normalizedArgs');
    const normalized = Object.assign([{ host: 'example.com', port: 80 }, callback], { [marker]: true });
    const result = guarded(normalized) as { args: [unknown[] & Record<symbol, boolean>] };
    expect(result.args[0]).not.toBe(normalized);
    expect(result.args[0][marker]).toBe(true);
    expect([...result.args[0]]).toEqual([{ host: 'example.com', port: 80, lookup: guard.lookup }, callback]);
  });

  it('leaves IPC paths alone', () => {
    expect(guarded('/tmp/app.sock', callback)).toEqual({ args: ['/tmp/app.sock', callback] });
    expect(guarded({ path: '/tmp/app.sock' })).toEqual({ args: [{ path: '/tmp/app.sock' }] });
  });
});
