/**
 * The code editor under the app's dark theme: the app's dark surfaces, and syntax colours chosen
 * so that every token reads at 4.5:1 or more on them (WCAG AA; One Dark's comment, property and
 * keyword colours fall short of that on its active line).
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

const darkEditor = EditorView.theme(
  {
    '&': { backgroundColor: 'var(--surface)', color: 'var(--text)' },
    '.cm-content': { caretColor: 'var(--text)' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
    '.cm-gutters': { backgroundColor: 'var(--surface-subtle)', color: 'var(--muted)', border: 'none' },
    '.cm-activeLine': { backgroundColor: 'var(--surface-subtle)' },
    '.cm-activeLineGutter': { backgroundColor: 'var(--surface-muted)' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
      backgroundColor: 'var(--primary-soft)',
    },
    '.cm-tooltip': { backgroundColor: 'var(--surface-muted)', color: 'var(--text)', border: 'none' },
  },
  { dark: true },
);

const darkHighlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.controlKeyword, tags.operatorKeyword], color: '#d7b4ff' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: '#b5e39a' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: '#f5c08f' },
  { tag: [tags.propertyName, tags.attributeName], color: '#ffb1b8' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: '#9fd0ff' },
  { tag: [tags.typeName, tags.className, tags.namespace], color: '#f4d98f' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: '#a7aec0', fontStyle: 'italic' },
  { tag: [tags.operator, tags.punctuation, tags.bracket], color: '#c9cdd6' },
  { tag: [tags.variableName, tags.definition(tags.variableName)], color: '#ecebf2' },
  { tag: tags.invalid, color: '#ffffff', backgroundColor: '#8a2a2a' },
]);

/** The extensions that give a code editor the dark theme; add them when the app is dark. */
export const codeDarkTheme = [darkEditor, syntaxHighlighting(darkHighlight)];
