import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Id, generateId, generateTimeOrderedId } from './id';

describe('generateTimeOrderedId', () => {
  it('makes valid ids that sort (bytewise, as SQL text does) in the order of their times', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 47 }),
        fc.integer({ min: 0, max: 2 ** 47 }),
        (first, second) => {
          const [a, b] = [generateTimeOrderedId(first), generateTimeOrderedId(second)];
          expect(Id.safeParse(a).success && Id.safeParse(b).success).toBe(true);
          if (first < second) expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(-1);
          if (first > second) expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(1);
        },
      ),
    );
  });

  it('keeps 13 random characters after the time: ids of one millisecond differ', () => {
    const now = Date.now();
    const ids = Array.from({ length: 10_000 }, () => generateTimeOrderedId(now));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
  });

  it('defaults to the current time', () => {
    const before = generateTimeOrderedId(Date.now() - 1);
    const made = generateTimeOrderedId();
    const after = generateTimeOrderedId(Date.now() + 1);
    expect(before.slice(0, 8) <= made.slice(0, 8) && made.slice(0, 8) <= after.slice(0, 8)).toBe(true);
  });
});

describe('generateId', () => {
  it('makes distinct valid ids', () => {
    const ids = Array.from({ length: 10_000 }, () => generateId());
    expect(ids.every((id) => Id.safeParse(id).success)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
