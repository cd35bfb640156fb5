import { describe, expect, it } from 'vitest';
import { mapStringsDeep } from './map-strings-deep';
import { upgradeToNestedDialect } from './upgrade-to-nested-dialect';

const upper = (s: string): string => s.toUpperCase();

describe('mapStringsDeep', () => {
  it.each([
    ['a string', 'a', 'A'],
    ['a number', 1, 1],
    ['null', null, null],
    ['a boolean', true, true],
    ['an array', ['a', 1, ['b']], ['A', 1, ['B']]],
    [
      'an object, keys untouched',
      { key: 'v', n: 2, nested: { deep: ['x'] } },
      { key: 'V', n: 2, nested: { deep: ['X'] } },
    ],
  ])('maps %s', (_, value, expected) => {
    expect(mapStringsDeep(value, upper)).toEqual(expected);
  });

  it('upgrades the references of a whole step input', () => {
    const input = {
      url: '{{trigger.body.url}}',
      headers: { auth: "{{connections['api']}}" },
      ids: ['{{step_1.id}}', 7],
    };
    expect(mapStringsDeep(input, (s) => upgradeToNestedDialect(s, new Set(['trigger', 'step_1'])))).toEqual({
      url: "{{trigger['output'].body.url}}",
      headers: { auth: "{{connections['api']}}" },
      ids: ["{{step_1['output'].id}}", 7],
    });
  });

  it('does not mutate its input and shares unchanged subtrees', () => {
    const unchanged = { n: 1 };
    const input = { a: 'x', b: unchanged };
    const output = mapStringsDeep(input, upper);
    expect(input).toEqual({ a: 'x', b: { n: 1 } });
    expect(output.b).toBe(unchanged);
    expect(mapStringsDeep(input, (s) => s)).toBe(input);
  });

  it('keeps a JSON "__proto__" key as a plain key', () => {
    const input = JSON.parse('{"__proto__": "x", "a": "y"}') as Record<string, unknown>;
    const output = mapStringsDeep(input, upper);
    expect(Object.keys(output)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(output['__proto__']).toBe('X');
  });

  it('leaves class instances alone', () => {
    const date = new Date(0);
    expect(mapStringsDeep({ date }, upper).date).toBe(date);
  });
});
