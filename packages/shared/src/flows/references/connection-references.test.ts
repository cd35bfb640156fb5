import { describe, expect, it } from 'vitest';
import { findConnectionReferences, readsConnection } from './connection-references';

describe('findConnectionReferences', () => {
  it.each<[string, unknown, string[]]>([
    ['single quotes', "{{connections['my-slack']}}", ['my-slack']],
    ['double quotes', '{{ connections["gmail 2"].token }}', ['gmail 2']],
    ['a template literal key', '{{ connections[`api`] }}', ['api']],
    ['a dot', '{{connections.github}}', ['github']],
    ['optional chaining', "{{ connections?.a ?? connections?.['b'] }}", ['a', 'b']],
    ['inside a larger expression', "{{ 'Bearer ' + connections['api'].token }}", ['api']],
    [
      'several tokens and values',
      { a: "{{connections['x']}} {{connections.y}}", b: ['{{connections.z}}'] },
      ['x', 'y', 'z'],
    ],
    ['duplicates once', ["{{connections['x']}}", '{{connections.x}}'], ['x']],
    ['not outside tokens', "connections['x']", []],
    ['not in strings', "{{ 'connections.x' }}", []],
    ['not as a property', '{{ a.connections.x }}', []],
    ['not inside a longer name', '{{ myconnections.x }}', []],
    ['not when shadowed', '{{ [1].map((connections) => connections.x) }}', []],
    ['not a computed key', '{{ connections[name] }}', []],
    ['not in keys', { "{{connections['x']}}": 1 }, []],
    ['not in non-strings', { n: 1, b: true, z: null }, []],
  ])('%s', (_, value, expected) => {
    expect([...findConnectionReferences(value)].sort()).toEqual(expected);
  });
});

describe('readsConnection', () => {
  it.each<[string, boolean]>([
    ["{{connections['x']}}", true],
    ['{{ connections }}', true],
    ["{{ trigger['output'].connections }}", false],
    ["{{ 'connections' }}", false],
  ])('%s', (token, expected) => {
    expect(readsConnection(token)).toBe(expected);
  });
});
