import { describe, expect, it } from 'vitest';
import { parsePlainPath } from './plain-path';

describe('parsePlainPath', () => {
  it.each<[string, string, (string | number)[]]>([
    ['step_2', 'step_2', []],
    ["step_1['output'].a.b[0]", 'step_1', ['output', 'a', 'b', 0]],
    ["trigger['output']['body']", 'trigger', ['output', 'body']],
    ["connections['my-slack']", 'connections', ['my-slack']],
    ['connections.slack', 'connections', ['slack']],
    ['  step_1["output"].x \n', 'step_1', ['output', 'x']],
    ["step_1['a b'][\"c'd\"]", 'step_1', ['a b', "c'd"]],
    ["step_1['']", 'step_1', ['']],
    ['step_1[10][0]', 'step_1', [10, 0]],
    ['step_1.default.class', 'step_1', ['default', 'class']],
    ['$x._y$', '$x', ['_y$']],
    ['step_1.__proto__', 'step_1', ['__proto__']],
    ["step_1['{{x}}']", 'step_1', ['{{x}}']],
  ])('reads %s', (expression, root, segments) => {
    expect(parsePlainPath(expression)).toEqual({ root, segments });
  });

  it.each([
    ['a call', "step_1['output'].items.map(x)"],
    ['an operator', "step_1['output'].a + 1"],
    ['optional chaining', "step_1['output']?.a"],
    ['a computed key', "step_1['output'][key]"],
    ['an escaped key', "step_1['it\\'s']"],
    ['a key with a line break', "step_1['a\nb']"],
    ['a template-literal key', 'step_1[`output`]'],
    ['a leading-zero index', 'step_1[01]'],
    ['a negative index', 'step_1[-1]'],
    ['a decimal index', 'step_1[1.5]'],
    ['whitespace inside the path', 'step_1 .output'],
    ['whitespace inside brackets', "step_1[ 'output' ]"],
    ['a dangling dot', 'step_1.'],
    ['an open bracket', "step_1['output'"],
    ['a numeric property after a dot', 'step_1.0'],
    ['a comment', 'step_1/* c */.output'],
    ['a literal', 'true'],
    ['null', 'null'],
    ['this', 'this.x'],
    ['undefined', 'undefined'],
    ['a global built-in', 'Math.PI'],
    ['JSON', 'JSON'],
    ['a number', '42'],
    ['a string', "'step_1'"],
    ['a non-ASCII name', 'étape.x'],
    ['an empty expression', '   '],
    ['two paths', 'step_1 step_2'],
  ])('rejects %s', (_, expression) => {
    expect(parsePlainPath(expression)).toBeNull();
  });
});
