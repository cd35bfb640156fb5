import { describe, expect, it } from 'vitest';
import { upgradeToNestedDialect } from './upgrade-to-nested-dialect';

const STEPS = new Set(['trigger', 'step_1', 'step_2', 'step_10', 'my_step', 'connections']);
const upgrade = (text: string): string => upgradeToNestedDialect(text, STEPS);

describe('upgradeToNestedDialect', () => {
  it.each([
    // old dialect forms
    ['a bare property path', '{{step_1.x}}', "{{step_1['output'].x}}"],
    ['a bracket property, whitespace kept', "{{ step_1['body'].x }}", "{{ step_1['output']['body'].x }}"],
    ['the trigger with a bracket', "{{trigger['body']}}", "{{trigger['output']['body']}}"],
    ['the trigger with a dot', '{{trigger.body}}', "{{trigger['output'].body}}"],
    ['a bare step', '{{step_1}}', "{{step_1['output']}}"],
    [
      'two steps in one expression',
      '{{trigger.body.a + step_2.n}}',
      "{{trigger['output'].body.a + step_2['output'].n}}",
    ],
    ['.output is an old-dialect property', '{{ step_1.output }}', "{{ step_1['output'].output }}"],
    ['optional chaining', '{{ step_1?.x }}', "{{ step_1['output']?.x }}"],
    ['a call', '{{ step_1.items.map((i) => i.id) }}', "{{ step_1['output'].items.map((i) => i.id) }}"],
    ['a ternary', '{{ step_1 ? step_2 : 3 }}', "{{ step_1['output'] ? step_2['output'] : 3 }}"],
    [
      'array elements and spread',
      '{{ [step_1, ...step_2] }}',
      "{{ [step_1['output'], ...step_2['output']] }}",
    ],
    ['a value in an object literal', '{{ {a: step_1.x} }}', "{{ {a: step_1['output'].x} }}"],
    ['a shorthand property is expanded', '{{ {step_1} }}', "{{ {step_1: step_1['output']} }}"],
    [
      'a shorthand next to other properties',
      '{{ {a: 1, step_1, ...step_2} }}',
      "{{ {a: 1, step_1: step_1['output'], ...step_2['output']} }}",
    ],
    ['an object returned by an arrow', '{{ x => ({step_1}) }}', "{{ x => ({step_1: step_1['output']}) }}"],
    ['a computed key', '{{ {[step_1.k]: 1} }}', "{{ {[step_1['output'].k]: 1} }}"],
    ['inside ${ } only', '{{ `${step_1.x} and step_1` }}', "{{ `${step_1['output'].x} and step_1` }}"],
    ['nested template literals', '{{ `a${`b${step_1}`}` }}', "{{ `a${`b${step_1['output']}`}` }}"],
    ['whole identifiers only', '{{ step_10.x + step_1x }}', "{{ step_10['output'].x + step_1x }}"],
    ['only inside tokens', 'step_1.x {{step_1.x}}', "step_1.x {{step_1['output'].x}}"],
    ['several tokens', '{{step_1}} and {{ step_2.y }}', "{{step_1['output']}} and {{ step_2['output'].y }}"],
    [
      'unicode and $ names are not steps',
      '{{ $step_1 + ümlaut + step_1 }}',
      "{{ $step_1 + ümlaut + step_1['output'] }}",
    ],
    ['a regex after an operator', '{{ /step_1/.test(step_2.x) }}', "{{ /step_1/.test(step_2['output'].x) }}"],
    [
      'a regex with a class and flags',
      '{{ step_1.s.replace(/[/]step_1/gi, "") }}',
      '{{ step_1[\'output\'].s.replace(/[/]step_1/gi, "") }}',
    ],
    [
      'division is not a regex',
      '{{ step_1.x / step_2.y / 2 }}',
      "{{ step_1['output'].x / step_2['output'].y / 2 }}",
    ],
    ['numbers', '{{ 1.5e3 + 0xff + .5 + 10n + step_1 }}', "{{ 1.5e3 + 0xff + .5 + 10n + step_1['output'] }}"],
    ['a line comment', '{{ step_1 // step_2 }}', "{{ step_1['output'] // step_2 }}"],
    ['a block comment', '{{ /* step_1 */ step_2 }}', "{{ /* step_1 */ step_2['output'] }}"],
    ['a string that holds }}', "{{ '}}' + step_1 }}", "{{ '}}' + step_1['output'] }}"],
    [
      'an outer name after a shadowing arrow',
      '{{ xs.map((step_1) => step_1).concat(step_1) }}',
      "{{ xs.map((step_1) => step_1).concat(step_1['output']) }}",
    ],
    [
      'an arrow body ends at an unmatched :',
      '{{ c ? x => x : step_1 }}',
      "{{ c ? x => x : step_1['output'] }}",
    ],
    [
      'an arrow default may use an outer step',
      '{{ (a = step_2) => a }}',
      "{{ (a = step_2['output']) => a }}",
    ],
    [
      'a declaration in a nested block',
      '{{ (() => { const step_1 = 2; return step_1 })() + step_1.x }}',
      "{{ (() => { const step_1 = 2; return step_1 })() + step_1['output'].x }}",
    ],
    [
      'keywords named like properties',
      '{{ step_1.const + {function: step_2}.function }}',
      "{{ step_1['output'].const + {function: step_2['output']}.function }}",
    ],
  ])('rewrites %s', (_, text, expected) => {
    expect(upgrade(text)).toBe(expected);
  });

  it.each([
    ['already nested output', "{{step_1['output'].x}}"],
    ['already nested output, double quotes', '{{step_1["output"].x}}'],
    ['already nested error', "{{step_1['error'].message}}"],
    ['already nested error, double quotes', '{{ step_1["error"] }}'],
    ['nested after optional chaining', "{{ step_1?.['output'].x }}"],
    ['nested with spaces', "{{ step_1 [ 'output' ] }}"],
    ['a property name', '{{a.step_1}}'],
    ['a property after ?.', '{{a?.step_1}}'],
    ['an object key', '{{ {step_1: 1} }}'],
    ['a quoted key', "{{ {'step_1': 1} }}"],
    ['a method name', '{{ {step_1() { return 1 }} }}'],
    ['a string', "{{ 'step_1' }}"],
    ['a double-quoted string with escapes', '{{ "step_1 \\" step_2" }}'],
    ['template text', '{{ `step_1 ${1} step_2` }}'],
    ['a regex', '{{ /step_1/g }}'],
    ['a connection', "{{ connections['step_1'] }}"],
    ['a connection even when named like a step', '{{ connections.x }}'],
    ['an arrow parameter', '{{ items.map(step_1 => step_1.x) }}'],
    ['a parenthesised arrow parameter', '{{ items.map((step_1, i) => step_1.x + i) }}'],
    ['a destructured parameter', '{{ items.map(({step_1}) => step_1) }}'],
    ['a renamed destructured parameter', '{{ items.map(({a: step_1}) => step_1) }}'],
    ['an array-pattern parameter', '{{ items.map(([, step_1]) => step_1) }}'],
    ['a rest parameter', '{{ ((...step_1) => step_1)() }}'],
    ['a parameter with a default', '{{ ((step_1 = 1) => step_1)() }}'],
    ['an async arrow', '{{ async (step_1) => await step_1 }}'],
    ['a function parameter', '{{ function (step_1) { return step_1.x } }}'],
    ['a named function', '{{ function step_1() { return step_1 } }}'],
    ['a method parameter', '{{ {m(step_1) { return step_1 }} }}'],
    ['a const declaration', '{{ (() => { const step_1 = 1; return step_1 })() }}'],
    [
      'a destructuring declaration',
      '{{ (() => { let {a: step_1, step_2} = x; return step_1 + step_2 })() }}',
    ],
    ['a for-of binding', '{{ (() => { for (const step_1 of xs) { step_1 } })() }}'],
    ['a catch binding', '{{ (() => { try { x() } catch (step_1) { return step_1 } })() }}'],
    ['a name that is not a step', '{{ other.x + items }}'],
    ['an unbalanced expression', '{{ step_1.( }}'],
    ['a dangling dot', '{{ step_1. }}'],
    ['a trailing operator', '{{ step_1 + }}'],
    ['an unterminated string', "{{ step_1 + 'x }}"],
    ['an unclosed bracket', '{{ step_1[0 }}'],
    ['mismatched brackets', '{{ (step_1] }}'],
    ['a bad parameter list', '{{ (step_1.x) => 1 }}'],
    ['text without tokens', 'step_1.x and trigger'],
    ['an unterminated token', '{{ step_1.x'],
  ])('leaves %s alone', (_, text) => {
    expect(upgrade(text)).toBe(text);
  });

  it('only rewrites names in the given set', () => {
    expect(upgradeToNestedDialect('{{ step_1 + step_2 }}', new Set(['step_2']))).toBe(
      "{{ step_1 + step_2['output'] }}",
    );
  });

  it('is idempotent on every rewritten example', () => {
    const once = upgrade('{{ {step_1, a: trigger.body} }} {{ `${step_2}` }}');
    expect(upgrade(once)).toBe(once);
  });
});
