/**
 * CodeMirror 6 behind one function, loaded only when a code editor opens (`import()` from
 * `code-editor.tsx`), so CodeMirror stays out of the first page load. TypeScript or JSON
 * highlighting (with its own colours under the dark theme), the editor named for screen readers, and Tab indenting with CodeMirror's escape
 * hatch: Escape, then Tab (within two seconds) moves focus on instead of indenting.
 */
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { currentTheme } from '../../../../app/theme';
import { codeDarkTheme } from './code-dark-theme';

/** Options of {@link createCodeView}. */
export interface CodeViewOptions {
  readonly doc: string;
  readonly language: 'typescript' | 'json';
  /** The editor's accessible name. */
  readonly label: string;
  readonly readonly: boolean;
  /** Called with the whole text after each change made in the editor. */
  readonly onChange: (text: string) => void;
}

const INDENT = '  ';

/** An editor in `parent`; destroy it with `view.destroy()`. */
export function createCodeView(parent: HTMLElement, options: CodeViewOptions): EditorView {
  const indent = keymap.of([
    {
      key: 'Tab',
      run: (view) => {
        if (view.state.readOnly) return false;
        view.dispatch(
          view.state.changeByRange((range) => ({
            changes: { from: range.from, to: range.to, insert: INDENT },
            range: EditorSelection.cursor(range.from + INDENT.length),
          })),
        );
        return true;
      },
    },
  ]);
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        indent,
        basicSetup,
        // The dark theme's editor colours and highlighting (as the app's theme is when it opens).
        ...(currentTheme() === 'dark' ? codeDarkTheme : []),
        options.language === 'json' ? json() : javascript({ typescript: true }),
        EditorState.readOnly.of(options.readonly),
        // tabindex 0: the editable text is already a tab stop; saying so lets axe see that the
        // scroller around it is reachable by keyboard (scrollable-region-focusable).
        EditorView.contentAttributes.of({ 'aria-label': options.label, tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
}

export { replaceText } from './replace-text';
