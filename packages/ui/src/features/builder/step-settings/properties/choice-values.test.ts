import { describe, expect, it } from 'vitest';
import { choiceIndex, toggledChoices } from './choice-values';
import type { DropdownOption } from './property-values';

const options: DropdownOption[] = [
  { label: 'General', value: 'C1' },
  { label: 'Random', value: { id: 2, kind: 'channel' } },
  { label: 'Empty', value: '' },
  { label: 'Zero', value: 0 },
];

describe('choiceIndex', () => {
  it('finds the chosen option, object values compared by content', () => {
    expect(choiceIndex(options, 'C1')).toEqual({ index: 0, unlisted: false });
    expect(choiceIndex(options, { id: 2, kind: 'channel' })).toEqual({ index: 1, unlisted: false });
    expect(choiceIndex(options, 0)).toEqual({ index: 3, unlisted: false });
  });

  it('marks a stored value no option has as unlisted, so it stays shown instead of lost', () => {
    expect(choiceIndex(options, 'C9')).toEqual({ index: -1, unlisted: true });
    expect(choiceIndex([], '{{step_1.channel}}')).toEqual({ index: -1, unlisted: true });
    for (const value of [undefined, null])
      expect(choiceIndex(options, value)).toEqual({ index: -1, unlisted: false });
    expect(choiceIndex([], '')).toEqual({ index: -1, unlisted: false });
  });
});

describe('toggledChoices', () => {
  it('adds a checked option in option order, whatever the order of checking', () => {
    const [general, random, , zero] = options;
    expect(toggledChoices(options, [], zero!, false)).toEqual([0]);
    expect(toggledChoices(options, [0], general!, false)).toEqual(['C1', 0]);
    expect(toggledChoices(options, ['C1', 0], random!, false)).toEqual(['C1', { id: 2, kind: 'channel' }, 0]);
  });

  it('removes an unchecked option, object values compared by content', () => {
    const random = options[1]!;
    expect(toggledChoices(options, ['C1', { kind: 'channel', id: 2 }], random, true)).toEqual(['C1']);
    expect(toggledChoices(options, [{ id: 2, kind: 'channel' }], random, true)).toEqual([]);
  });
});
