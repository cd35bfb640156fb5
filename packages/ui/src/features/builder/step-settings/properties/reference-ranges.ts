/**
 * Where the `{{ }}` tokens of a field's text are, and which of them are plain references to a
 * step's output (shown as chips) rather than formulas (shown as highlighted text).
 */
import { findTemplateTokens, readPlainReference, type PlainReference } from '@piecework/shared';

/** One `{{ }}` token of a text: `text.slice(from, to)` is the token, braces included. */
export type ReferenceRange =
  | {
      readonly kind: 'reference';
      readonly from: number;
      readonly to: number;
      readonly reference: PlainReference;
    }
  | { readonly kind: 'formula'; readonly from: number; readonly to: number };

/** The `{{ }}` tokens of `text`, left to right and never overlapping; use it to decorate or preview a field. */
export function findReferenceRanges(text: string): ReferenceRange[] {
  return findTemplateTokens(text).map((token) => {
    const reference = readPlainReference(token.expression);
    return reference === undefined
      ? { kind: 'formula', from: token.start, to: token.end }
      : { kind: 'reference', from: token.start, to: token.end, reference };
  });
}
