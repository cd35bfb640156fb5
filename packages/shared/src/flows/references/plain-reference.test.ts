import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPlainReference } from './plain-reference';

describe('readPlainReference', () => {
  it.each([
    ["step_1['output']", { stepName: 'step_1', path: [] }],
    ["step_1['output'].email", { stepName: 'step_1', path: ['email'] }],
    [" trigger['output']['body']['name'] ", { stepName: 'trigger', path: ['body', 'name'] }],
    ["step_2['output']['items'][0]['id']", { stepName: 'step_2', path: ['items', 0, 'id'] }],
    ['step_1.output.a?.b', { stepName: 'step_1', path: ['a', 'b'] }],
    ["step_1['output']['it\\'s here']", { stepName: 'step_1', path: ["it's here"] }],
    ['step_1["output"]["a\\\\b"]', { stepName: 'step_1', path: ['a\\b'] }],
  ] as const)('reads %s', (expression, expected) => {
    expect(readPlainReference(expression)).toEqual(expected);
  });

  it.each([
    "step_1['output'].email.toUpperCase()",
    "step_1['output'][key]",
    "step_1['output'] + 1",
    "step_1['input'].email",
    'step_1',
    "this['output']",
    "step_1['output'][1.5]",
    "step_1['output'] /* note */",
    "'text'",
    '',
  ])('leaves the formula %s', (expression) => {
    expect(readPlainReference(expression)).toBeUndefined();
  });

  it('reads back every path written in brackets', () => {
    const segment = fc.oneof(fc.string(), fc.nat({ max: 1000 }));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (path) => {
        const written = path
          .map((item) => (typeof item === 'number' ? `[${String(item)}]` : `[${JSON.stringify(item)}]`))
          .join('');
        expect(readPlainReference(`step_1['output']${written}`)).toEqual({ stepName: 'step_1', path });
      }),
    );
  });
});
