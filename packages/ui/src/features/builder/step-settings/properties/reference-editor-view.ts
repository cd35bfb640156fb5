/**
 * The CodeMirror 6 editor behind a field that accepts `{{ }}` references: one line (Enter does
 * nothing, pasted line breaks become spaces) or several, chips for plain references, `{{`
 * completion, undo history, a placeholder, and the field's accessible name and state on its
 * text box.
 */
import { autocompletion, closeCompletion } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import type { ReferenceSources } from '../data-selector/reference-sources';
import { referenceCompletions } from './reference-completions';
export { replaceText } from '../code/replace-text';
import { referenceDecorations, setReferenceSources } from './reference-decorations';

/** What of a reference editor may change while it is open (see {@link reconfigureReferenceView}). */
export interface ReferenceViewSettings {
  readonly placeholder: string | undefined;
  readonly disabled: boolean;
  /** Attributes of the text box: `aria-label`, `aria-describedby`, `aria-invalid`, `id`... */
  readonly attributes: Record<string, string>;
  readonly multiline: boolean;
}

/** Options of {@link createReferenceView}. */
export interface ReferenceViewOptions extends ReferenceViewSettings {
  readonly doc: string;
  /** The steps references may read, asked for when completing. */
  readonly sources: () => ReferenceSources | null;
  /** Called with the whole text after each change made in the editor. */
  readonly onChange: (text: string) => void;
}

/** Line breaks in a one-line field's new text become spaces. */
const oneLine = EditorState.transactionFilter.of((transaction) => {
  if (!transaction.docChanged || transaction.newDoc.lines === 1) return transaction;
  const text = transaction.newDoc.toString();
  const changes = [...text.matchAll(/\r\n|\r|\n/g)].map((match) => ({
    from: match.index,
    to: match.index + match[0].length,
    insert: ' ',
  }));
  return [transaction, { changes, sequential: true }];
});

const settingsCompartment = new Compartment();

/** The extensions that follow the field's settings: lines, placeholder, disabled state, attributes. */
function settingsExtensions(settings: ReferenceViewSettings): Extension {
  return [
    settings.multiline
      ? EditorView.lineWrapping
      : // Above the default keymap's Enter (a new line); below the completion list's Enter.
        [oneLine, Prec.high(keymap.of([{ key: 'Enter', run: () => true }]))],
    settings.placeholder === undefined ? [] : placeholderText(settings.placeholder),
    EditorState.readOnly.of(settings.disabled),
    EditorView.editable.of(!settings.disabled),
    EditorView.contentAttributes.of({
      ...settings.attributes,
      'aria-multiline': String(settings.multiline),
      spellcheck: 'false',
      // The text is a tab stop already; saying so lets axe see that the scroller around it
      // is reachable by keyboard (scrollable-region-focusable).
      tabindex: settings.disabled ? '-1' : '0',
    }),
  ];
}

/** Applies new settings (e.g. `aria-invalid` once the field is filled) without a new editor. */
export function reconfigureReferenceView(view: EditorView, settings: ReferenceViewSettings): void {
  view.dispatch({ effects: settingsCompartment.reconfigure(settingsExtensions(settings)) });
}

/** An editor in `parent`; destroy it with `view.destroy()`. */
export function createReferenceView(parent: HTMLElement, options: ReferenceViewOptions): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        history(),
        autocompletion({ override: [referenceCompletions(options.sources)], icons: false }),
        keymap.of([...historyKeymap, ...defaultKeymap]),
        referenceDecorations(options.sources()?.steps ?? []),
        settingsCompartment.of(settingsExtensions(options)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
        EditorView.domEventHandlers({ blur: (_event, view) => closeCompletion(view) }),
      ],
    }),
  });
}

/** Tells the editor the steps its references may read (labels, logos, sample data). */
export function updateSources(view: EditorView, sources: ReferenceSources | null): void {
  view.dispatch({ effects: setReferenceSources.of(sources?.steps ?? []) });
}

/** Puts `text` in place of the selection (or at the caret), the caret after it, and focuses the editor. */
export function insertAtSelection(view: EditorView, text: string): void {
  const { from, to } = view.state.selection.main;
  view.dispatch({
    changes: { from, to, insert: text },
    selection: { anchor: from + text.length },
    userEvent: 'input',
  });
  view.focus();
}
