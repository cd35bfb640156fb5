import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertText } from './insert-text';

const reference = "{{step_1['output']['email']}}";

describe('insertText', () => {
  it('puts a reference at the caret, the caret going after it', () => {
    expect(insertText('Hello !', reference, 6, 6)).toEqual({
      value: `Hello ${reference}!`,
      caret: 6 + reference.length,
    });
    expect(insertText('', reference, 0, 0)).toEqual({ value: reference, caret: reference.length });
  });

  it('replaces the selected text', () => {
    expect(insertText('Dear NAME,', reference, 5, 9)).toEqual({
      value: `Dear ${reference},`,
      caret: 5 + reference.length,
    });
  });

  it('keeps the text around the selection, whatever it is', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(), fc.nat(), (current, text, a, b) => {
        const [start, end] = [a % (current.length + 1), b % (current.length + 1)].sort((x, y) => x - y) as [
          number,
          number,
        ];
        const { value, caret } = insertText(current, text, start, end);
        expect(value.slice(0, start)).toBe(current.slice(0, start));
        expect(value.slice(start, caret)).toBe(text);
        expect(value.slice(caret)).toBe(current.slice(end));
      }),
    );
  });
});
