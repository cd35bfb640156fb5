/**
 * Splits a failure's line diff (`-` for the expected value's lines, `+` for the actual value's,
 * a space for lines both share; a unified diff's `---`/`+++` headers and `@@` hunk marks are
 * allowed) into lines with their kind, for {@link DiffView} to colour.
 */

/** The kind of one diff line: removed (expected only), added (actual only), shared, or a header. */
export type DiffLineKind = 'removed' | 'added' | 'same' | 'header';

/** One line of a diff and its kind. */
export interface DiffLine {
  readonly kind: DiffLineKind;
  readonly text: string;
}

/** The lines of `diff` with their kinds; a trailing newline adds no empty line. */
export function diffLines(diff: string): DiffLine[] {
  const lines = diff.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  return lines.map((text) => ({ kind: kindOf(text), text }));
}

function kindOf(line: string): DiffLineKind {
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('@@')) return 'header';
  if (line.startsWith('Index:') || /^=+$/.test(line)) return 'header';
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  return 'same';
}
