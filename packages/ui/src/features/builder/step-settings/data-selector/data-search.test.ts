import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsText } from './data-search';

const sample = { contact: { email: 'Ada@Example.com', city: { name: 'Lisbon' } }, tags: ['vip', 7] };

describe('containsText', () => {
  it('finds keys and values at any depth, ignoring case', () => {
    expect(containsText('output', sample, 'lisbon')).toBe(true);
    expect(containsText('output', sample, 'city')).toBe(true);
    expect(containsText('output', sample, 'example')).toBe(true);
    expect(containsText('output', sample, 'vip')).toBe(true);
    expect(containsText('output', sample, '7')).toBe(true);
    expect(containsText('output', sample, 'paris')).toBe(false);
  });

  it('matches everything with no search', () => {
    expect(containsText('output', sample, '')).toBe(true);
  });

  it('finds every string value of a shallow JSON value', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string({ minLength: 1 })), (value) => {
        for (const item of Object.values(value)) {
          expect(containsText('', value, item.toLowerCase())).toBe(true);
        }
      }),
    );
  });
});
