import { describe, expect, it } from 'vitest';
import { recordFilters } from './record-filters';

describe('recordFilters', () => {
  it('answers the filters of fields the table has, without their row keys', () => {
    const drafts = [
      { key: 1, fieldId: 'age', operator: 'gt' as const, value: '30' },
      { key: 2, fieldId: 'gone', operator: 'eq' as const, value: 'x' },
      { key: 3, fieldId: '', operator: 'co' as const, value: 'y' },
    ];
    expect(recordFilters(drafts, [{ id: 'age' }, { id: 'name' }])).toEqual([
      { fieldId: 'age', operator: 'gt', value: '30' },
    ]);
  });
});
