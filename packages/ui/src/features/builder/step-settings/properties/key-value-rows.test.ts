import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { objectOf, sameObject, type Row } from './key-value-rows';

const rows = (...pairs: [string, unknown][]): Row[] => pairs.map(([key, value], id) => ({ id, key, value }));

describe('objectOf', () => {
  it('stores the named rows, leaving out rows whose name is still empty', () => {
    expect(objectOf(rows(['to', 'a@b.c'], ['', 'half typed'], ['cc', '{{step_1.email}}']))).toEqual({
      to: 'a@b.c',
      cc: '{{step_1.email}}',
    });
    expect(objectOf([])).toEqual({});
  });

  it("stores rows named like Object.prototype's members as they are, touching no prototype", () => {
    const stored = objectOf(rows(['toString', 'a'], ['constructor', 'b'], ['__proto__', { polluted: true }]));
    expect(Object.keys(stored)).toEqual(['toString', 'constructor', '__proto__']);
    expect(JSON.parse(JSON.stringify(stored))).toEqual(
      JSON.parse('{"toString":"a","constructor":"b","__proto__":{"polluted":true}}'),
    );
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the first of rows repeating a name', () => {
    expect(objectOf(rows(['a', 1], ['a', 2], ['b', 3]))).toEqual({ a: 1, b: 3 });
  });

  it('gives back the stored object from its rows, for any object of named values', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue()), (object) => {
        const back = objectOf(Object.entries(object).map(([key, value], id) => ({ id, key, value })));
        expect(back).toEqual(object);
        expect(sameObject(back, object)).toBe(true);
      }),
    );
  });
});

describe('sameObject', () => {
  it('tells whether the rows already hold the stored value, anything but an object counting as empty', () => {
    expect(sameObject({ a: 1 }, { a: 1 })).toBe(true);
    expect(sameObject({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameObject({}, undefined)).toBe(true);
    expect(sameObject({}, 'text')).toBe(true);
    expect(sameObject({}, [1])).toBe(true);
    expect(sameObject({ a: 1 }, null)).toBe(false);
  });
});
