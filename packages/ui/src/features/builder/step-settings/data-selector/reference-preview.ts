/**
 * What a field's text resolves to, worked out from the steps' sample data without evaluating
 * anything: each plain reference is looked up as a path in its step's sample output and the
 * text around references is kept as written. A formula, or a reference whose step has no sample
 * data or whose path is not in it, can only be known after a test.
 */
import type { PathSegment } from './reference-path';
import { findReferenceRanges } from '../properties/reference-ranges';

/** The sample output of a step, when it was tested and has loaded. */
export type SampleLookup = (stepName: string) => { readonly value: unknown } | undefined;

/** What {@link previewReferences} answers. */
export type ReferencePreview =
  | { readonly kind: 'none' }
  | { readonly kind: 'value'; readonly text: string }
  | { readonly kind: 'after-test' };

/** The value at `path` inside `value`, reading own keys and array items only. */
export function valueAtPath(value: unknown, path: readonly PathSegment[]): { value: unknown } | undefined {
  let current = value;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') {
      if (segment >= current.length) return undefined;
      current = current[segment];
    } else if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
      const key = String(segment);
      if (!Object.hasOwn(current, key)) return undefined;
      current = (current as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
  }
  return { value: current };
}

/** A value as the field would read it: strings as they are, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * The preview of `text`: `none` without `{{ }}`, the resolved text when every token is a plain
 * reference found in sample data, else `after-test`. Use it under fields that accept references.
 */
export function previewReferences(text: string, samples: SampleLookup): ReferencePreview {
  const ranges = findReferenceRanges(text);
  if (ranges.length === 0) return { kind: 'none' };
  let result = '';
  let at = 0;
  for (const range of ranges) {
    if (range.kind !== 'reference') return { kind: 'after-test' };
    const sample = samples(range.reference.stepName);
    const found = sample === undefined ? undefined : valueAtPath(sample.value, range.reference.path);
    if (found === undefined) return { kind: 'after-test' };
    result += text.slice(at, range.from) + asText(found.value);
    at = range.to;
  }
  return { kind: 'value', text: result + text.slice(at) };
}
