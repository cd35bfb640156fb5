/**
 * A read-only view of a JSON value (a step's input or output, sample data): pretty-printed, with
 * a copy button. Values over `maxChars` show their start and a button to show the rest, so a
 * large output does not freeze the page.
 */
import { useMemo, useState } from 'react';

/** Props of {@link JsonView}. */
export interface JsonViewProps {
  value: unknown;
  /** Accessible name of the block, e.g. "Output of step_1". */
  label: string;
  /** Characters shown before "Show all"; default 20,000. */
  maxChars?: number;
}

/** Pretty-printed JSON of `value`. */
export function JsonView({ value, label, maxChars = 20_000 }: JsonViewProps) {
  const text = useMemo(() => (value === undefined ? 'undefined' : JSON.stringify(value, null, 2)), [value]);
  const [full, setFull] = useState(false);
  const shown = full || text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n…`;
  return (
    <div className="json-view">
      <div className="json-view-actions">
        <button type="button" className="btn small" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy
        </button>
        {shown.length < text.length ? (
          <button type="button" className="btn small" onClick={() => setFull(true)}>
            Show all ({Math.round(text.length / 1024)} KB)
          </button>
        ) : null}
      </div>
      <pre tabIndex={0} aria-label={label}>
        {shown}
      </pre>
    </div>
  );
}
