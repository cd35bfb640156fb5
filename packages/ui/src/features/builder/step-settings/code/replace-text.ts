/**
 * Replacing a CodeMirror editor's whole text with a value that came from elsewhere (the caller's
 * draft), shared by the code editor and the reference editor.
 */
import type { EditorView } from '@codemirror/view';

/** Replaces the editor's whole text (a change that came from elsewhere), keeping the caret in range. */
export function replaceText(view: EditorView, text: string): void {
  if (view.state.doc.toString() === text) return;
  const head = Math.min(view.state.selection.main.head, text.length);
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: head },
  });
}
