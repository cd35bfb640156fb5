import { mapStringsDeep } from '@piecework/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createResolutionScope, type ExpressionEvaluator } from './resolution-scope';
import { resolveTemplate } from './resolve-template';
import { resolveValue } from './resolve-value';

/**
 * Properties of the resolver over plain-path references, which never reach the sandbox. The
 * QuickJS sandbox is built separately; `noSandbox` makes any sandbox use fail the property.
 */
const noSandbox: ExpressionEvaluator = (expression) => {
  throw new Error(`the sandbox must not be used for ${expression}`);
};

/** Text that cannot form or break a `{{ }}` token. */
const plainText = fc.string().filter((s) => !s.includes('{') && !s.includes('}'));
/** A key usable in `['key']`: no quote, backslash or line break, and not a prototype key. */
const pathKey = fc
  .string()
  .filter((s) => !/['\\\n\r\u2028\u2029]/.test(s) && !['__proto__', 'constructor', 'prototype'].includes(s));

/** A deep copy that keeps null prototypes and `__proto__` keys (unlike `structuredClone`). */
function snapshot(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(snapshot);
  }
  if (typeof value === 'object' && value !== null) {
    const copy: object = Object.create(Object.getPrototypeOf(value) as object | null);
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(copy, key, {
        value: snapshot(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}

describe('resolver properties', () => {
  it('(a) returns strings without {{ unchanged', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{{')),
        (text) => {
          expect(resolveTemplate(text, createResolutionScope({}), noSandbox)).toBe(text);
        },
      ),
    );
  });

  it('(b) a single-token plain path returns the value with its own type', () => {
    fc.assert(
      fc.property(fc.jsonValue(), pathKey, fc.constantFrom('', ' ', '\n  '), (value, key, pad) => {
        const scope = createResolutionScope({ step_1: { output: { [key]: value } } });
        const result = resolveTemplate(`${pad}{{step_1['output']['${key}']}}${pad}`, scope, noSandbox);
        expect(result).toStrictEqual(value ?? '');
      }),
    );
  });

  it('(c) interpolating string values equals their concatenation', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(plainText, fc.string()), { minLength: 1, maxLength: 6 }),
        plainText,
        (pieces, tail) => {
          const single = pieces.length === 1 && pieces[0]![0].trim() === '' && tail.trim() === '';
          fc.pre(!single);
          const values = pieces.map(([, value]) => value);
          const scope = createResolutionScope({ step_1: { output: values } });
          const text = pieces.map(([before], i) => `${before}{{step_1['output'][${i}]}}`).join('') + tail;
          const expected = pieces.map(([before, value]) => before + value).join('') + tail;
          expect(resolveTemplate(text, scope, noSandbox)).toBe(expected);
        },
      ),
    );
  });

  it('(d) resolveValue never mutates its input and keeps keys and non-strings', () => {
    const strings = fc.oneof(
      fc.string(),
      fc.constantFrom("{{trigger['output'].name}}", "Hi {{trigger['output'].name}}!", '{{ step_9 }}', '{{}}'),
    );
    const key = fc.oneof(
      fc.string(),
      // (no `constructor` key: vitest's strict equality reads `.constructor` to compare types)
      fc.constantFrom('__proto__', "{{trigger['output'].name}}"),
    );
    const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small' },
        strings,
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('tree'), { maxLength: 4 }),
        fc.dictionary(key, tie('tree'), { maxKeys: 4 }),
      ),
    }));
    const scope = createResolutionScope({ trigger: { output: { name: 'Ada' } } });
    fc.assert(
      fc.property(tree, (input) => {
        const before = snapshot(input);
        const output = resolveValue(input, scope, noSandbox);
        expect(input).toStrictEqual(before);
        expect(mapStringsDeep(output, () => 'S')).toStrictEqual(mapStringsDeep(input, () => 'S'));
      }),
    );
  });

  it('(e) references to unknown steps resolve to an empty string', () => {
    const unknownStep = fc.oneof(
      fc.integer({ min: 3, max: 10_000 }).map((n) => `step_${n}`),
      fc.constantFrom('loop', 'trigger2', '$x', '_'),
    );
    const suffix = fc.constantFrom('', "['output']", "['output'].a.b", "['error'].message", '[0]', '.output');
    const scope = createResolutionScope({
      trigger: { output: 1 },
      step_1: { output: 2 },
      step_2: { output: 3 },
    });
    fc.assert(
      fc.property(unknownStep, suffix, plainText, (name, path, around) => {
        expect(resolveTemplate(`{{ ${name}${path} }}`, scope, noSandbox)).toBe('');
        expect(resolveTemplate(`<${around}{{${name}${path}}}${around}>`, scope, noSandbox)).toBe(
          `<${around}${around}>`,
        );
      }),
    );
  });
});
