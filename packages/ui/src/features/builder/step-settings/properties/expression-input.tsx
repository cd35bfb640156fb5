/**
 * A text box whose value may hold `{{ }}` references: focusing it opens the data selector, which
 * inserts references at the caret. Single line or multi-line (`rows`). In a step's settings it is
 * a {@link ReferenceEditor} (references as chips, `{{` completion) with a preview of what the
 * value resolves to from sample data; elsewhere (no steps to refer to) and for passwords it is a
 * native `<input>` or `<textarea>`. The reference editor and CodeMirror load with the first field
 * that shows one (a chunk of their own, not in the builder's first load); until then the field's
 * place shows its text, busy and not editable, so no keystroke goes to a box about to be replaced.
 * Its value is controlled by the caller;
 * typing is never overwritten by the caller's server data (the caller keeps a draft, see
 * `use-step-draft.ts`).
 */
import { lazy, Suspense, useId, useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { ACCEPTS_REFERENCES_ATTRIBUTE, useDataSelector } from '../data-selector/data-selector-context';
import { ReferencePreviewHint } from '../data-selector/reference-preview-hint';
import { useReferenceSources } from '../data-selector/reference-sources';
import { insertText } from './insert-text';

const ReferenceEditor = lazy(() =>
  import('./reference-editor').then((module) => ({ default: module.ReferenceEditor })),
);

/** Props of {@link ExpressionInput}. */
export interface ExpressionInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>,
  'value' | 'onChange'
> {
  value: string;
  onChange: (text: string) => void;
  /** The field's name as the data selector shows it ("Insert into ..."). */
  label: string;
  /** A multi-line field with this many rows instead of one line. */
  rows?: number;
}

/** A text field that accepts `{{ }}` references from the data selector. */
export function ExpressionInput(props: ExpressionInputProps) {
  const sources = useReferenceSources();
  return sources === null || props.type === 'password' ? (
    <NativeExpressionInput {...props} />
  ) : (
    <ChipExpressionInput {...props} />
  );
}

/** The attributes of the text box that the reference editor carries over. */
const CARRIED = [
  'id',
  'aria-label',
  'aria-describedby',
  'aria-invalid',
  'aria-required',
  'inputMode',
] as const;

function ChipExpressionInput({ value, onChange, label, rows, ...rest }: ExpressionInputProps) {
  const previewId = useId();
  const attributes: Record<string, string> = {};
  for (const name of CARRIED) {
    const given = rest[name];
    if (given !== undefined && given !== false)
      attributes[name === 'inputMode' ? 'inputmode' : name] = String(given);
  }
  if (rest.required === true) attributes['aria-required'] = 'true';
  attributes['aria-describedby'] = [attributes['aria-describedby'], previewId].filter(Boolean).join(' ');
  return (
    <div className="expression-field">
      <Suspense fallback={<LoadingEditor value={value} rows={rows} />}>
        <ReferenceEditor
          value={value}
          onChange={onChange}
          label={label}
          multiline={rows !== undefined}
          rows={rows}
          placeholder={rest.placeholder}
          disabled={rest.disabled}
          className={rest.className}
          attributes={attributes}
        />
      </Suspense>
      <ReferencePreviewHint value={value} id={previewId} />
    </div>
  );
}

/** The field's place while the reference editor loads: its text, busy, not a text box. */
function LoadingEditor({ value, rows }: { value: string; rows: number | undefined }) {
  return (
    <div
      className="expression-loading"
      aria-busy="true"
      style={{ minHeight: `${String((rows ?? 1) * 1.5 + 0.9)}em` }}
    >
      {value}
    </div>
  );
}

function NativeExpressionInput({ value, onChange, label, rows, onFocus, ...rest }: ExpressionInputProps) {
  const selector = useDataSelector();
  const element = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const latest = useRef({ value, onChange });
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    latest.current = { value, onChange };
    const at = caret.current;
    if (at !== null && element.current !== null) {
      caret.current = null;
      element.current.focus();
      element.current.setSelectionRange(at, at);
    }
  }, [value, onChange]);

  const insert = (text: string) => {
    const field = element.current;
    const current = latest.current.value;
    const start = field?.selectionStart ?? current.length;
    const end = field?.selectionEnd ?? start;
    const next = insertText(current, text, start, end);
    caret.current = next.caret;
    latest.current.onChange(next.value);
  };
  const props = {
    ...rest,
    ref: element,
    value,
    [ACCEPTS_REFERENCES_ATTRIBUTE]: '',
    spellCheck: false,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onFocus: (event: React.FocusEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      selector?.open({ label, insert, focus: () => element.current?.focus() });
      onFocus?.(event);
    },
  };
  return rows === undefined ? (
    <input {...props} type={rest.type ?? 'text'} />
  ) : (
    <textarea rows={rows} {...props} />
  );
}
