/**
 * A failed expectation's diff, monospace on the code background in both themes: the expected
 * value's lines in red (`-`), the actual value's in green (`+`), with a legend saying which is
 * which so the colours are not the only clue.
 */
import { useMemo } from 'react';
import { diffLines } from './diff-lines';

/** Props of {@link DiffView}. */
export interface DiffViewProps {
  diff: string;
  /** Accessible name of the block, e.g. "Difference for step_2". */
  label: string;
}

/** The coloured line diff. */
export function DiffView({ diff, label }: DiffViewProps) {
  const lines = useMemo(() => diffLines(diff), [diff]);
  return (
    <div className="diff-view">
      <p className="diff-legend" aria-hidden="true">
        <span className="diff-removed">- expected</span> <span className="diff-added">+ actual</span>
      </p>
      <pre tabIndex={0} aria-label={`${label} (lines with - are expected, + are actual)`}>
        {lines.map((line, index) => (
          <span key={index} className={`diff-line diff-${line.kind}`}>
            {line.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </div>
  );
}
