/**
 * The shape of the date helper's reference fixtures: one call of an action and the outcome the
 * reference piece, `@activepieces/piece-date-helper`, gave for it. Where the expected values come
 * from is said in each fixture file.
 */

/** One call of a date-helper action and Activepieces' outcome: its output or its error. */
export interface ReferenceCase {
  name: string;
  action: string;
  props: Record<string, unknown>;
  /** The clock (ISO); 2026-01-15T10:00:00.000Z when absent. */
  now?: string;
  expected: { output: Record<string, unknown> } | { error: string };
}
