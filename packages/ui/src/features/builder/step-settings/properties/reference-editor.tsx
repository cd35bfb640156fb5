/**
 * A field that accepts `{{ }}` references, drawn by CodeMirror: plain references show as chips
 * with the step's logo and label, `{{` completes a reference, and the data selector inserts at
 * the caret. The text (what is saved) is always the exact `{{ }}` text. The caller owns the
 * value: typing calls `onChange`, and a new `value` from the caller replaces the text.
 */
import type { EditorView } from '@codemirror/view';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { ACCEPTS_REFERENCES_ATTRIBUTE, useDataSelector } from '../data-selector/data-selector-context';
import { useReferenceSources } from '../data-selector/reference-sources';
import {
  createReferenceView,
  insertAtSelection,
  reconfigureReferenceView,
  replaceText,
  updateSources,
} from './reference-editor-view';
import './reference-editor.css';

/** Props of {@link ReferenceEditor}. */
export interface ReferenceEditorProps {
  value: string;
  onChange: (text: string) => void;
  /** The field's name, its accessible name unless `attributes` gives `aria-label`. */
  label: string;
  multiline: boolean;
  /** Visible height in lines of a multi-line editor. */
  rows?: number | undefined;
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  className?: string | undefined;
  /** Attributes of the text box (`id`, `aria-describedby`, `aria-invalid`, `aria-label`...). */
  attributes: Record<string, string>;
}

/** The CodeMirror field; see the file comment. */
export function ReferenceEditor({
  value,
  onChange,
  label,
  multiline,
  rows,
  placeholder,
  disabled = false,
  className,
  attributes,
}: ReferenceEditorProps) {
  const selector = useDataSelector();
  const sources = useReferenceSources();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ value, onChange, sources });
  const attributesKey = JSON.stringify(attributes);

  useLayoutEffect(() => {
    latest.current = { value, onChange, sources };
    if (view.current !== null) replaceText(view.current, value);
  }, [value, onChange, sources]);

  useEffect(() => {
    if (view.current !== null) updateSources(view.current, sources);
  }, [sources]);

  const settings = useMemo(
    () => ({
      multiline,
      placeholder,
      disabled,
      attributes: { 'aria-label': label, ...(JSON.parse(attributesKey) as Record<string, string>) },
    }),
    [multiline, placeholder, disabled, label, attributesKey],
  );
  const latestSettings = useRef(settings);

  useLayoutEffect(() => {
    if (host.current === null) return;
    const created = createReferenceView(host.current, {
      ...latestSettings.current,
      doc: latest.current.value,
      sources: () => latest.current.sources,
      onChange: (text) => {
        latest.current.value = text;
        latest.current.onChange(text);
      },
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  // A changed label or state (aria-invalid once filled) keeps the editor, its caret and history.
  useLayoutEffect(() => {
    if (latestSettings.current === settings) return;
    latestSettings.current = settings;
    if (view.current !== null) reconfigureReferenceView(view.current, settings);
  }, [settings]);

  return (
    <div
      ref={host}
      className={['reference-editor', multiline ? 'multiline' : 'single-line', className]
        .filter(Boolean)
        .join(' ')}
      style={multiline && rows !== undefined ? { minHeight: `${String(rows * 1.5 + 1)}em` } : undefined}
      aria-disabled={disabled || undefined}
      {...{ [ACCEPTS_REFERENCES_ATTRIBUTE]: '' }}
      onFocus={() => {
        const editor = view.current;
        if (editor === null) return;
        selector?.open({
          label,
          insert: (text) => insertAtSelection(editor, text),
          focus: () => editor.focus(),
        });
      }}
      onKeyDown={(event) => {
        // Escape closes the completion list first; it never closes the panel around the field.
        if (event.key === 'Escape' && event.target !== event.currentTarget) event.stopPropagation();
      }}
    />
  );
}
