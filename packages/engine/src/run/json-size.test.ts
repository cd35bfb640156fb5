import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonByteSize } from './json-size';

const utf8 = (text: string) => new TextEncoder().encode(text).length;

describe('jsonByteSize', () => {
  it.each<[string, unknown]>([
    ['a string with escapes and unicode', 'a"b\\c\n\u0001é€😀'],
    [
      'nested objects with undefined members',
      { a: 1, b: undefined, c: [1, undefined, () => 1], d: { e: null } },
    ],
    ['a Date (toJSON)', { when: new Date(0) }],
    ['non-finite numbers', [NaN, Infinity, -0, 1e21]],
    ['an empty object and array', { o: {}, a: [] }],
  ])('matches JSON.stringify for %s', (_, value) => {
    expect(jsonByteSize(value)).toBe(utf8(JSON.stringify(value)));
  });

  it('matches JSON.stringify on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonByteSize(value)).toBe(utf8(JSON.stringify(value)));
      }),
    );
  });

  it('is 0 for undefined and for values JSON cannot hold', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect([jsonByteSize(undefined), jsonByteSize(cycle), jsonByteSize({ n: 1n })]).toEqual([0, 0, 0]);
  });
});
