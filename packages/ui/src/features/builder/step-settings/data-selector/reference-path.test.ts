import { describe, expect, it } from 'vitest';
import { describePath, outputReference } from './reference-path';

describe('outputReference', () => {
  it.each([
    ['the whole output', 'step_1', [], "{{step_1['output']}}"],
    ['a key', 'step_1', ['name'], "{{step_1['output']['name']}}"],
    ['a trigger body field', 'trigger', ['body', 'x'], "{{trigger['output']['body']['x']}}"],
    ['an array item', 'step_2', ['items', 0, 'id'], "{{step_2['output']['items'][0]['id']}}"],
    ['a key with quotes and spaces', 'step_1', ["it's here"], "{{step_1['output']['it\\'s here']}}"],
    ['a key with a backslash', 'step_1', ['a\\b'], "{{step_1['output']['a\\\\b']}}"],
    ['a loop item', 'loop_1', ['item'], "{{loop_1['output']['item']}}"],
  ] as const)('writes %s', (_, step, path, expected) => {
    expect(outputReference(step, path)).toBe(expected);
  });
});

describe('describePath', () => {
  it('reads like a property path', () => {
    expect(describePath(['items', 0, 'name'])).toBe('items[0].name');
    expect(describePath([])).toBe('');
  });
});
