/**
 * A text box whose value may hold `{{ }}` references: focusing it opens the data selector, which
 * inserts references at the caret. Single line (`<input>`) or multi-line (`<textarea>`). Its
 * value is controlled by the caller; typing is never overwritten by the caller's server data
 * (the caller keeps a draft, see `use-step-draft.ts`).
 */
import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { ACCEPTS_REFERENCES_ATTRIBUTE, useDataSelector } from '../data-selector/data-selector-context';
import { insertText } from './insert-text';

/** Props of {@link ExpressionInput}. */
export interface ExpressionInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>,
  'value' | 'onChange'
> {
  value: string;
  onChange: (text: string) => void;
  /** The field's name as the data selector shows it ("Insert into ..."). */
  label: string;
  /** A `<textarea>` with this many rows instead of one line. */
  rows?: number;
}

/** A text field that accepts `{{ }}` references from the data selector. */
export function ExpressionInput({ value, onChange, label, rows, onFocus, ...rest }: ExpressionInputProps) {
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
