/**
 * Completing `{{` in a reference editor: after `{{` it lists the output of each step the field
 * can read (the whole output and every path in its sample data), and picking one replaces the
 * `{{` and what was typed after it with the reference, e.g. `{{step_1['output']['email']}}`.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { describePath, outputReference, type PathSegment } from '../data-selector/reference-path';
import type { ReferenceSources } from '../data-selector/reference-sources';

/** How deep and how many paths of one step's sample data are offered. */
const MAX_DEPTH = 4;
const MAX_PATHS = 200;
const SHOWN_ITEMS = 3;

/** Every path inside `value`, parents before children (limited in depth and number). */
export function samplePaths(value: unknown): { path: PathSegment[]; value: unknown }[] {
  const found: { path: PathSegment[]; value: unknown }[] = [];
  const visit = (current: unknown, path: PathSegment[]) => {
    if (found.length >= MAX_PATHS || path.length >= MAX_DEPTH) return;
    const entries: [PathSegment, unknown][] = Array.isArray(current)
      ? current.slice(0, SHOWN_ITEMS).map((item, at) => [at, item])
      : current !== null && typeof current === 'object'
        ? Object.entries(current)
        : [];
    for (const [segment, item] of entries) {
      if (found.length >= MAX_PATHS) return;
      found.push({ path: [...path, segment], value: item });
      visit(item, [...path, segment]);
    }
  };
  visit(value, []);
  return found;
}

function detail(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (value !== null && typeof value === 'object') return 'object';
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.length > 30 ? `${text.slice(0, 30)}…` : text;
}

function option(label: string, reference: string, value: unknown, boost: number): Completion {
  return {
    label,
    detail: value === undefined ? undefined : detail(value),
    type: 'variable',
    boost,
    apply: (view: EditorView, _completion: Completion, from: number, to: number) => {
      // `from` is just after the `{{` the user typed: the reference replaces it too.
      const start = from - 2;
      view.dispatch({
        changes: { from: start, to, insert: reference },
        selection: { anchor: start + reference.length },
        userEvent: 'input.complete',
      });
    },
  };
}

/** The completion source for fields reading `sources()` (asked anew on each completion). */
export function referenceCompletions(sources: () => ReferenceSources | null) {
  return (context: CompletionContext): CompletionResult | null => {
    const typed = context.matchBefore(/\{\{[^{}]*$/);
    const known = sources();
    if (typed === null || known === null) return null;
    const options = known.steps.flatMap((source, rank) => {
      const boost = -rank;
      const sample = known.sample(source.name);
      const whole = option(source.label, outputReference(source.name, []), sample?.value, boost);
      if (sample === undefined) return [whole];
      return [
        whole,
        ...samplePaths(sample.value).map(({ path, value }) =>
          option(`${source.label} › ${describePath(path)}`, outputReference(source.name, path), value, boost),
        ),
      ];
    });
    return { from: typed.from + 2, options, validFor: /^[^{}]*$/ };
  };
}
