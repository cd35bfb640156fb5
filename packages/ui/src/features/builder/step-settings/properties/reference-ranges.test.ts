import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputReference } from '../data-selector/reference-path';
import { findReferenceRanges } from './reference-ranges';

describe('findReferenceRanges', () => {
  it('tells references from formulas', () => {
    const text = "Hi {{step_1['output'].name}}, {{ step_1['output'].n + 1 }} {{trigger['output']['body']}}";
    expect(findReferenceRanges(text)).toEqual([
      { kind: 'reference', from: 3, to: 28, reference: { stepName: 'step_1', path: ['name'] } },
      { kind: 'formula', from: 30, to: 58 },
      { kind: 'reference', from: 59, to: 88, reference: { stepName: 'trigger', path: ['body'] } },
    ]);
  });

  it('finds nothing in plain text or an unclosed token', () => {
    expect(findReferenceRanges('plain')).toEqual([]);
    expect(findReferenceRanges("{{step_1['output']")).toEqual([]);
  });

  const piece = fc.oneof(
    fc.string(),
    fc.constantFrom('{{', '}}', '{', '}', "'", '['),
    fc
      .tuple(
        fc.constantFrom('step_1', 'trigger', 'loop_2'),
        fc.array(fc.oneof(fc.string(), fc.nat()), { maxLength: 3 }),
      )
      .map(([step, path]) => outputReference(step, path)),
  );

  it('answers ranges in order that never overlap and cover whole tokens', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        const ranges = findReferenceRanges(text);
        let end = 0;
        for (const range of ranges) {
          expect(range.from).toBeGreaterThanOrEqual(end);
          expect(text.slice(range.from, range.from + 2)).toBe('{{');
          expect(text.slice(range.to - 2, range.to)).toBe('}}');
          end = range.to;
        }
        // Cutting the text at the ranges and joining the parts gives the text back.
        const parts: string[] = [];
        let at = 0;
        for (const range of ranges) {
          parts.push(text.slice(at, range.from), text.slice(range.from, range.to));
          at = range.to;
        }
        parts.push(text.slice(at));
        expect(parts.join('')).toBe(text);
      }),
    );
  });

  it('reads every reference the data selector writes as a chip with its path', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.oneof(fc.string(), fc.nat()), { maxLength: 4 }),
        fc.string(),
        (before, path, after) => {
          fc.pre(!before.includes('{{') && !before.endsWith('{') && !after.includes('}}'));
          const reference = outputReference('step_3', path);
          const ranges = findReferenceRanges(before + reference + after);
          expect(ranges).toContainEqual({
            kind: 'reference',
            from: before.length,
            to: before.length + reference.length,
            reference: { stepName: 'step_3', path },
          });
        },
      ),
    );
  });
});
