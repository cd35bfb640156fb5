/**
 * The text filters of the runs list that follow typing: the search box, the tags and the failed
 * step. Each keeps what is typed and writes it to the filters once typing settles, so the URL and
 * the list change once per pause, not per key.
 */
import { useEffect, useState } from 'react';
import { TextField } from '../../components/field';
import { useDebouncedValue } from '../builder/step-settings/use-debounced-value';

/** How long typing must pause before a text filter applies. */
const SETTLE_MS = 350;

/** Props of {@link DebouncedTextFilter}. */
export interface DebouncedTextFilterProps {
  label: string;
  /** The value in the filters (the URL). */
  value: string;
  placeholder?: string;
  type?: 'search' | 'text';
  /** Called with the settled text ('' when cleared). */
  onSettle: (text: string) => void;
}

/** A text field whose value reaches the filters once typing pauses. */
export function DebouncedTextFilter({
  label,
  value,
  placeholder,
  type = 'text',
  onSettle,
}: DebouncedTextFilterProps) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, SETTLE_MS);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (settled !== value) onSettle(settled);
    // Only a settled change of the text applies; a change of the filters is taken in above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <TextField
      label={label}
      type={type}
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

/** Tags as typed (comma separated) to a list, and back. */
export const tagsText = {
  parse: (text: string): string[] =>
    text
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
  format: (tags: readonly string[] | undefined): string => (tags ?? []).join(', '),
};
