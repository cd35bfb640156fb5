import { describe, expect, it } from 'vitest';
import type { Step, Trigger } from '@piecework/shared';
import { referencedConnectionIds } from './connection-references';

function codeWith(input: Record<string, unknown>, nextAction?: Step): Step {
  return {
    name: 'step_1',
    displayName: 'Code',
    type: 'CODE',
    valid: true,
    settings: { sourceCode: { code: "return connections['in-code']", packageJson: '{}' }, input },
    nextAction,
  };
}

function triggerWith(input: Record<string, unknown>, nextAction?: Step): Trigger {
  return {
    name: 'trigger',
    displayName: 'Webhook',
    valid: true,
    type: 'PIECE_TRIGGER',
    settings: { pieceName: 'webhook', pieceVersion: '1.0.0', propertySettings: {}, input },
    nextAction,
  };
}

describe('referencedConnectionIds', () => {
  it.each<[string, unknown, string[]]>([
    ['a piece auth', "{{connections['slack']}}", ['slack']],
    ['double quotes and spaces', '{{ connections["gmail"] }}', ['gmail']],
    ['dot access inside a larger expression', '{{ connections.github.token + 1 }}', ['github']],
    ['optional chaining', "{{ connections?.['a-b'] }}", ['a-b']],
    ['nested in arrays and objects', { list: [{ deep: "x {{connections['n']}} y" }] }, ['n']],
    ['a string literal', "{{ 'connections.nope' }}", []],
    ['a property named connections', '{{ step_1.connections.nope }}', []],
    ['text outside a token', "connections['plain']", []],
    ['a computed key', '{{ connections[name] }}', []],
  ])('finds %s', (_, value, expected) => {
    expect(referencedConnectionIds(triggerWith({ value }))).toEqual(expected);
  });

  it('reads every step of the chain, once per name, never code source', () => {
    const trigger = triggerWith(
      { auth: "{{connections['a']}}" },
      codeWith({ x: "{{connections['b']}}", y: "{{connections['a']}}" }),
    );
    expect(referencedConnectionIds(trigger)).toEqual(['a', 'b']);
  });
});
