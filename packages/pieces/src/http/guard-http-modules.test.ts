import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseAllowList } from './address-policy';
import { createGuardLookups } from './guard-lookups';
import { guardRequestArgs } from './guard-http-modules';

const guard = createGuardLookups(parseAllowList([]));
const callback = () => undefined;
const ownLookup: LookupFunction = (_hostname, _options, cb) => cb(null, '10.0.0.1', 4);
const url = new URL('http://example.com/');

describe('guardRequestArgs', () => {
  it.each([
    ['(url string)', ['http://example.com/'], ['http://example.com/', { lookup: guard.lookup }]],
    ['(url, callback)', [url, callback], [url, { lookup: guard.lookup }, callback]],
    [
      '(url, options, callback)',
      [url, { method: 'POST' }, callback],
      [url, { method: 'POST', lookup: guard.lookup }, callback],
    ],
    ['(options)', [{ host: 'example.com' }], [{ host: 'example.com', lookup: guard.lookup }]],
    [
      '(options with an agent, callback)',
      [{ host: 'example.com', agent: false }, callback],
      [{ host: 'example.com', agent: false, lookup: guard.lookup }, callback],
    ],
    [
      '(options with its own lookup)',
      [{ host: 'svc.internal', lookup: ownLookup }],
      [{ host: 'svc.internal', lookup: guard.lookupFor(ownLookup) }],
    ],
  ])('%s', (_, args, expected) => {
    expect(guardRequestArgs(args, guard)).toEqual(expected);
  });

  it('treats a URL look-alike as a URL (its getters would not survive a copy)', () => {
    const lookAlike = { href: 'http://example.com/', protocol: 'http:', hostname: 'example.com' };
    expect(guardRequestArgs([lookAlike], guard)).toEqual([lookAlike, { lookup: guard.lookup }]);
  });

  it("does not change the caller's options", () => {
    const options = { host: 'example.com' };
    guardRequestArgs([options], guard);
    expect(options).toEqual({ host: 'example.com' });
  });
});
