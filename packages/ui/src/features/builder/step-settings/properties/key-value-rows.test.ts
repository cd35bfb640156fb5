import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { objectOf, sameObject, type Row } from './key-value-rows';

const ownName = fc.string({ minLength: 1 }).filter((name) => !(name in {}));
const rows = (...pairs: [string, unknown][]): Row[] => pairs.map(([key, value], id) => ({ id, key, value }));

describe('objectOf', () => {
  it('stores the named rows, leaving out rows whose name is still empty', () => {
    expect(objectOf(rows(['to', 'a@b.c'], ['', 'half typed'], ['cc', '{{step_1.email}}']))).toEqual({
      to: 'a@b.c',
      cc: '{{step_1.email}}',
    });
    expect(objectOf([])).toEqual({});
  });

  it('keeps the first of rows repeating a name', () => {
    expect(objectOf(rows(['a', 1], ['a', 2], ['b', 3]))).toEqual({ a: 1, b: 3 });
  });

  it('gives back the stored object from its rows, for any object of named values', () => {
    fc.assert(
      // Names of Object.prototype's members (`toString`, `constructor`) are left out: objectOf does
      // not store rows so named (its `in` test finds them on every object).
      fc.property(fc.dictionary(ownName, fc.jsonValue()), (object) => {
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
