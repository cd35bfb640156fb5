import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxOutcome } from './sandbox';
import { TestSandboxes } from './test-sandboxes';

const sandboxes = new TestSandboxes();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await sandboxes.create();
});
afterAll(() => sandboxes.disposeAll());

const scope = {
  step_1: { output: { items: [1, 2, 3], name: 'Ada', nested: { list: [{ id: 'a' }, { id: 'b' }] } } },
  trigger: { output: { body: { count: 4 } } },
  items: [1, 2, 3],
  user: { first: 'Ada', last: 'Lovelace' },
  nothing: null,
};

const value = (value: unknown): SandboxOutcome => ({ ok: true, value });
const error = (message: string): SandboxOutcome => ({ ok: false, failure: { kind: 'ERROR', message } });

describe('evaluateExpression', () => {
  it.each([
    ['arithmetic', '1 + 2 * 3', value(7)],
    ['arithmetic over scope values', "trigger['output'].body.count * 10", value(40)],
    ['a property path', "step_1['output'].nested.list[1].id", value('b')],
    ['a template literal', '`${user.first} ${user.last}`', value('Ada Lovelace')],
    ['a method call with an arrow function', 'items.map(x => x * 2)', value([2, 4, 6])],
    [
      'an object, as JSON',
      '({ total: items.length, names: [user.first] })',
      value({ total: 3, names: ['Ada'] }),
    ],
    ['null', 'nothing', value(null)],
    ['an undefined result', 'user.middle', value(undefined)],
    ['a function result (dropped, as JSON does)', '() => 1', value(undefined)],
    ['NaN becomes null, as JSON does', '0 / 0', value(null)],
    ['a Date becomes its ISO text', 'new Date(0)', value('1970-01-01T00:00:00.000Z')],
    ['a trailing line comment', 'items.length // how many', value(3)],
    ['strict mode: `this` is undefined', 'typeof this', value('undefined')],
    ['a thrown Error gives its message', '(() => { throw new Error("boom") })()', error('boom')],
    ['a thrown non-Error gives String(thrown)', '(() => { throw 42 })()', error('42')],
    ['an unknown identifier', 'missing + 1', error("'missing' is not defined")],
    ['a property of undefined', 'user.middle.name', error("cannot read property 'name' of undefined")],
    ['a syntax error', '1 +', error("unexpected token in expression: ')'")],
    [
      'a BigInt result',
      '10n',
      error('The value of the expression cannot be converted to JSON: Do not know how to serialize a BigInt'),
    ],
    [
      'a cyclic result',
      '(() => { const a = {}; a.self = a; return a })()',
      error('The value of the expression cannot be converted to JSON: circular reference'),
    ],
  ])('%s', (_, expression, expected) => {
    expect(sandbox.evaluateExpression(expression, scope)).toEqual(expected);
  });

  it.each([
    ['a key that is not an identifier is not a variable', { 'step-1': 1 }, 'typeof step', value('undefined')],
    ['a reserved word is not a variable', { class: 1, ok: 2 }, 'ok', value(2)],
    ['an identifier key shadows a global', { JSON: 'mine' }, 'JSON', value('mine')],
    [
      'a __proto__ key is an own value',
      JSON.parse('{"__proto__": {"x": 1}}') as Record<string, unknown>,
      '__proto__',
      value({ x: 1 }),
    ],
    ['an undefined value is an undefined variable', { gone: undefined }, 'typeof gone', value('undefined')],
    ['eval still sees every variable', { a: 1, b: 2 }, 'eval("a + b")', value(3)],
  ])('%s', (_, variables, expression, expected) => {
    expect(sandbox.evaluateExpression(expression, variables)).toEqual(expected);
  });

  it('returns values as host data, never shared with the sandbox', () => {
    const outcome = sandbox.evaluateExpression('user', scope);
    expect(outcome).toEqual(value(scope.user));
    expect(outcome.ok && outcome.value).not.toBe(scope.user);
    expect(Object.getPrototypeOf(outcome.ok && outcome.value)).toBe(Object.prototype);
  });

  it('fails on scope values that are not JSON data', () => {
    expect(sandbox.evaluateExpression('big', { big: 1n })).toEqual(
      error('The variables of the expression are not JSON data: Do not know how to serialize a BigInt'),
    );
  });

  it('evaluates the same expression over changing values', () => {
    const results = [1, 2, 3].map((n) => sandbox.evaluateExpression('n * n', { n }));
    expect(results).toEqual([value(1), value(4), value(9)]);
  });
});
