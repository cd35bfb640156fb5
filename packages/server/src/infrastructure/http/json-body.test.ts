/**
 * The JSON body policy: nesting over the limit and keys that could reach a prototype are refused
 * with 400 VALIDATION; everything else reads as `JSON.parse` reads it; nothing ever pollutes a
 * prototype, whatever the text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '@piecework/shared';
import { exceedsDepth, MAX_JSON_DEPTH, parseJsonBody, readJsonText } from './json-body';

/** `depth` nested arrays (`[[...]]`), or objects (`{"a":{...}}`) with `leaf` inside. */
function nested(depth: number, kind: 'array' | 'object', leaf = '1'): string {
  return kind === 'array'
    ? '['.repeat(depth) + leaf + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}

function refusal(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    if (isPieceworkError(error))
      return { code: error.code, status: error.status, reason: error.params['reason'] };
    throw error;
  }
  return 'accepted';
}

describe('readJsonText', () => {
  it.each([
    ['arrays at the limit', nested(MAX_JSON_DEPTH, 'array'), 'accepted'],
    ['objects at the limit', nested(MAX_JSON_DEPTH, 'object'), 'accepted'],
    ['arrays one level over', nested(MAX_JSON_DEPTH + 1, 'array'), 'JSON_TOO_DEEP'],
    ['objects one level over', nested(MAX_JSON_DEPTH + 1, 'object'), 'JSON_TOO_DEEP'],
    ['5,000 levels', nested(5000, 'object'), 'JSON_TOO_DEEP'],
    ['brackets inside strings', JSON.stringify({ a: '[{'.repeat(5000), b: '\\"[[' }), 'accepted'],
    ['a __proto__ key', '{"__proto__":{"isAdmin":true}}', 'PROTOTYPE_KEY'],
    ['an escaped __proto__ key', '{"\\u005f_proto__":{"isAdmin":true}}', 'PROTOTYPE_KEY'],
    ['a nested __proto__ key', '{"a":[{"b":{"__proto__":{}}}]}', 'PROTOTYPE_KEY'],
    ['a constructor holding prototype', '{"constructor":{"prototype":{"x":1}}}', 'PROTOTYPE_KEY'],
    ['a plain constructor key', '{"constructor":"Foo"}', 'accepted'],
    ['__proto__ as a value', '{"a":"__proto__"}', 'accepted'],
    ['a byte order mark', '\ufeff{"a":1}', 'accepted'],
  ])('%s', (_, text, expected) => {
    const outcome = refusal(() => readJsonText(text));
    expect(outcome).toEqual(
      expected === 'accepted' ? 'accepted' : { code: 'VALIDATION', status: 400, reason: expected },
    );
  });

  it('answers not-JSON for malformed text, refused or not', () => {
    expect(readJsonText('{"a":')).toEqual({ ok: false });
    expect(readJsonText('{"__proto__":')).toEqual({ ok: false });
  });

  it('makes the REST API refuse malformed and empty text', () => {
    expect(refusal(() => parseJsonBody('{"a":'))).toEqual({
      code: 'VALIDATION',
      status: 400,
      reason: undefined,
    });
    expect(refusal(() => parseJsonBody(''))).toEqual({ code: 'VALIDATION', status: 400, reason: undefined });
  });
});

describe('exceedsDepth', () => {
  it.each([
    ['three levels over a limit of two', '[[[]]]', 2, true],
    ['two levels at a limit of two', '[[]]', 2, false],
    ['a string of brackets is no nesting', `"${'['.repeat(50)}"`, 2, false],
    ['an escaped quote keeps the string open', `["\\"[[[[[[[[[[[["]`, 2, false],
    ['siblings do not add up', '[[],[],[],[],[],[],[],[]]', 2, false],
  ])('%s', (_, text, max, expected) => {
    expect(exceedsDepth(text, max)).toBe(expected);
  });
});

/** Random JSON texts whose keys are often the dangerous ones, nested up to 8 levels. */
const hostileJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('1', '"x"', 'null', 'true', '"__proto__"', '"[{"'),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(
        fc.tuple(
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', 'toString', '\\u005f_proto__'),
          tie('value'),
        ),
        { maxLength: 4 },
      )
      .map((entries) => `{${entries.map(([key, value]) => `"${key}":${value}`).join(',')}}`),
  ),
})).value;

describe('properties', () => {
  it('never pollutes a prototype and only ever refuses with VALIDATION', () => {
    fc.assert(
      fc.property(hostileJson, fc.nat(20), (text, extraDepth) => {
        const wrapped = '['.repeat(extraDepth) + text + ']'.repeat(extraDepth);
        try {
          const reading = readJsonText(wrapped);
          expect(reading.ok).toBe(true);
          const merged = Object.assign({}, ...[reading.ok ? reading.value : {}].flat(extraDepth + 1));
          expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
        } catch (error) {
          expect(isPieceworkError(error, 'VALIDATION')).toBe(true);
        }
        expect(Object.keys(Object.prototype)).toEqual([]);
        expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('refuses exactly the texts nested deeper than the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 * MAX_JSON_DEPTH }), fc.boolean(), (depth, objects) => {
        const outcome = refusal(() => readJsonText(nested(depth, objects ? 'object' : 'array')));
        expect(outcome === 'accepted').toBe(depth <= MAX_JSON_DEPTH);
      }),
      { numRuns: 200 },
    );
  });
});
