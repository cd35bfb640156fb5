/**
 * The CodeMirror extension drawing a field's `{{ }}` tokens: plain references to a step in scope
 * become atomic chips (the caret steps over them, Backspace deletes one whole), formulas are
 * highlighted text. The steps it knows are set with {@link setReferenceSources}.
 */
import { StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import type { ReferenceSource } from '../data-selector/reference-sources';
import { describePath } from '../data-selector/reference-path';
import { ReferenceChipWidget } from './reference-chip-widget';
import { findReferenceRanges } from './reference-ranges';

/** Dispatch it to tell the editor which steps its references may name (e.g. when one is renamed). */
export const setReferenceSources = StateEffect.define<readonly ReferenceSource[]>();

const sourcesField = StateField.define<readonly ReferenceSource[]>({
  create: () => [],
  update: (sources, transaction) => {
    for (const effect of transaction.effects) if (effect.is(setReferenceSources)) return effect.value;
    return sources;
  },
});

const formulaMark = Decoration.mark({ class: 'reference-formula' });

function decorate(state: EditorState): DecorationSet {
  const text = state.doc.toString();
  const sources = new Map(state.field(sourcesField).map((source) => [source.name, source]));
  const decorations = findReferenceRanges(text).flatMap((range) => {
    const source = range.kind === 'reference' ? sources.get(range.reference.stepName) : undefined;
    if (range.kind === 'formula' || source === undefined) return [formulaMark.range(range.from, range.to)];
    const widget = new ReferenceChipWidget(
      source,
      describePath(range.reference.path),
      text.slice(range.from, range.to),
    );
    return [Decoration.replace({ widget }).range(range.from, range.to)];
  });
  return Decoration.set(decorations, true);
}

const decorationsField = StateField.define<DecorationSet>({
  create: decorate,
  update: (decorations, transaction) =>
    transaction.docChanged || transaction.effects.some((effect) => effect.is(setReferenceSources))
      ? decorate(transaction.state)
      : decorations,
  provide: (field) => [
    EditorView.decorations.from(field),
    EditorView.atomicRanges.of((view) =>
      view.state.field(field).update({ filter: (_from, _to, value) => value.spec.widget !== undefined }),
    ),
  ],
});

/** Chips for references to `sources`, highlighted formulas for the rest. */
export function referenceDecorations(sources: readonly ReferenceSource[]): Extension {
  return [sourcesField.init(() => sources), decorationsField];
}
