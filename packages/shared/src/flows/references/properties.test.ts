import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectReferencedSteps } from './collect-referenced-steps';
import { mapStringsDeep } from './map-strings-deep';
import { renameStepReferences } from './rename-step-references';
import { findTemplateTokens, mapTemplateExpressions } from './template-tokens';
import { upgradeToNestedDialect } from './upgrade-to-nested-dialect';

const STEP_NAMES = ['trigger', 'step_1', 'step_2', 'step_10'] as const;
const STEPS: ReadonlySet<string> = new Set(STEP_NAMES);

/**
 * Random `{{ }}` strings from a small expression grammar: step references in both dialects,
 * properties named like steps, strings, regexes, connections, operators, object literals
 * (shorthand ones only when `shorthand`), arrays, arrows (some shadowing a step), template
 * literals and calls, with plain text around the tokens.
 */
function templates(shorthand: boolean): fc.Arbitrary<string> {
  const step = fc.constantFrom(...STEP_NAMES);
  const property = fc.constantFrom('x', 'body', 'output', 'error', 'step_1', 'trigger');
  const key = fc.constantFrom("'output'", '"output"', "'error'", "'body'", '"x"');
  const leaf = fc.oneof(
    step,
    fc.tuple(step, property).map(([s, p]) => `${s}.${p}`),
    fc.tuple(step, key).map(([s, k]) => `${s}[${k}]`),
    fc.tuple(step, property).map(([s, p]) => `${s}?.${p}`),
    fc.constantFrom(
      "'step_1'",
      '"trigger {{ }}"',
      '42',
      "connections['step_1']",
      '`step_2`',
      '/step_1}}/g',
      'other',
    ),
  );
  const { expression } = fc.letrec<{ expression: string }>((tie) => {
    const sub = tie('expression');
    const variants: Array<fc.Arbitrary<string>> = [
      leaf,
      leaf,
      fc.tuple(sub, fc.constantFrom(' + ', ' / ', ' && ', ' ?? '), sub).map(([a, op, b]) => `${a}${op}${b}`),
      fc.tuple(sub, sub, sub).map(([a, b, c]) => `${a} ? ${b} : ${c}`),
      sub.map((a) => `(${a})`),
      fc.tuple(fc.oneof(step, property), sub).map(([k, v]) => `{${k}: ${v}, n: 1}`),
      fc.tuple(sub, sub).map(([a, b]) => `[${a}, ...${b}]`),
      fc
        .tuple(fc.constantFrom('x', 'step_1', '{step_2}', '[trigger]', 'step_10 = step_1'), sub)
        .map(([param, body]) => `items.map((${param}) => ${body})`),
      fc.tuple(sub, sub).map(([a, b]) => `\`\${${a}} and step_1 \${${b}}\``),
      fc.tuple(sub, sub).map(([a, b]) => `f(${a}, ${b}).step_2`),
      fc
        .tuple(fc.constantFrom('step_1', 'x'), sub)
        .map(([name, a]) => `(() => { const ${name} = ${a}; return ${name} })()`),
    ];
    if (shorthand) {
      variants.push(step.map((s) => `{${s}}`));
    }
    return { expression: fc.oneof({ depthSize: 'small' }, ...variants) };
  });
  const text = fc.constantFrom('', 'step_1 ', ' and ', '{ trigger }');
  const token = fc
    .tuple(fc.constantFrom('', ' '), expression)
    .map(([space, e]) => `{{${space}${e}${space}}}`);
  return fc
    .array(fc.tuple(text, token), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.flat().join(''));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Checks that `output` is `input` with `fn` applied to the strings and nothing else changed. */
function expectMappedShape(input: unknown, output: unknown, fn: (s: string) => string): void {
  if (typeof input === 'string') {
    expect(output).toBe(fn(input));
  } else if (Array.isArray(input)) {
    expect(Array.isArray(output)).toBe(true);
    expect((output as unknown[]).length).toBe(input.length);
    input.forEach((item, index) => expectMappedShape(item, (output as unknown[])[index], fn));
  } else if (typeof input === 'object' && input !== null) {
    expect(Object.keys(output as object)).toEqual(Object.keys(input));
    for (const [key, item] of Object.entries(input)) {
      expectMappedShape(item, (output as Record<string, unknown>)[key], fn);
    }
  } else {
    expect(Object.is(output, input)).toBe(true);
  }
}

describe('reference rewriting properties', () => {
  it('(a) upgradeToNestedDialect is idempotent and keeps the referenced steps', () => {
    fc.assert(
      fc.property(templates(true), (text) => {
        const once = upgradeToNestedDialect(text, STEPS);
        expect(upgradeToNestedDialect(once, STEPS)).toBe(once);
        expect(collectReferencedSteps(once, STEPS)).toEqual(collectReferencedSteps(text, STEPS));
        expect(findTemplateTokens(once)).toHaveLength(findTemplateTokens(text).length);
      }),
      { numRuns: 500 },
    );
  });

  it('(b) strings without {{ are returned unchanged by every function', () => {
    const text = fc
      .string({ unit: fc.constantFrom('a', 'step_1', ' ', '{', '}', "'", '`', '/', '.', '$', '\n') })
      .filter((s) => !s.includes('{{'));
    fc.assert(
      fc.property(text, (s) => {
        expect(findTemplateTokens(s)).toEqual([]);
        expect(mapTemplateExpressions(s, () => 'changed')).toBe(s);
        expect(upgradeToNestedDialect(s, STEPS)).toBe(s);
        expect(renameStepReferences(s, new Map([['step_1', 'step_9']]))).toBe(s);
        expect(collectReferencedSteps(s, STEPS).size).toBe(0);
        expect(mapStringsDeep({ s, list: [s] }, (x) => x)).toEqual({ s, list: [s] });
      }),
      { numRuns: 300 },
    );
  });

  it('(c) renaming with the inverse map restores the original', () => {
    const renames = fc
      .subarray(['step_1', 'step_2', 'trigger'], { minLength: 1 })
      .map((names) => new Map(names.map((name, index) => [name, `step_${70 + index}`])));
    fc.assert(
      fc.property(templates(false), renames, (text, map) => {
        const inverse = new Map([...map].map(([from, to]) => [to, from]));
        const renamed = renameStepReferences(text, map);
        expect(renameStepReferences(renamed, inverse)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('(d) mapStringsDeep never mutates its input and keeps keys and non-string leaves', () => {
    const fn = (s: string): string => `<${s}>`;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const snapshot = structuredClone(value);
        const output = mapStringsDeep(deepFreeze(value), fn);
        expect(value).toEqual(snapshot);
        expectMappedShape(value, output, fn);
      }),
      { numRuns: 300 },
    );
  });
});
