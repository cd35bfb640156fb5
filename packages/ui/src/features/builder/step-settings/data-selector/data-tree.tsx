/**
 * A JSON value as a tree of buttons: each key (or array item) inserts its reference when clicked
 * or activated with Enter/Space; objects and arrays expand and collapse. With a search text, only
 * branches whose keys or values contain it are shown, expanded.
 */
import { useState } from 'react';
import { SHOWN_ITEMS, childEntries, containsText } from './data-search';
import { Highlighted } from './highlighted';
import { describePath, outputReference, type PathSegment } from './reference-path';

/** Props of {@link DataNode}. */
export interface DataNodeProps {
  stepName: string;
  /** The key or `[index]` shown for this node. */
  label: string;
  path: readonly PathSegment[];
  value: unknown;
  /** Lower-case search text ('' for none). */
  search: string;
  /** Inserts a reference into the field the selector serves. */
  onInsert: (reference: string) => void;
  initiallyOpen?: boolean;
}

function preview(value: unknown): string {
  if (Array.isArray(value)) return `${String(value.length)} item${value.length === 1 ? '' : 's'}`;
  if (value !== null && typeof value === 'object') return `${String(Object.keys(value).length)} keys`;
  const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** One node of the tree and, when open, its children. */
export function DataNode({
  stepName,
  label,
  path,
  value,
  search,
  onInsert,
  initiallyOpen = false,
}: DataNodeProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const composite = value !== null && typeof value === 'object';
  const expanded = composite && (open || search !== '');
  const reference = outputReference(stepName, path);
  const where = path.length === 0 ? `${stepName} output` : `${stepName} ${describePath(path)}`;
  const more = Array.isArray(value) ? value.length - SHOWN_ITEMS : 0;
  return (
    <li className="ds-node">
      <div className="ds-row">
        {composite ? (
          <button
            type="button"
            className="ds-toggle"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${where}`}
            onClick={() => setOpen(!expanded)}
          >
            {expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span className="ds-toggle-space" aria-hidden="true" />
        )}
        <button
          type="button"
          className="ds-insert"
          title={reference}
          aria-label={`Insert ${where}`}
          onClick={() => onInsert(reference)}
        >
          <Highlighted text={label} search={search} />
        </button>
        <span className="ds-preview">
          <Highlighted text={preview(value)} search={search} />
        </span>
      </div>
      {expanded ? (
        <ul className="ds-children">
          {childEntries(value)
            .filter(([key, , item]) => containsText(key, item, search))
            .map(([key, segment, item]) => (
              <DataNode
                key={key}
                stepName={stepName}
                label={key}
                path={[...path, segment]}
                value={item}
                search={search}
                onInsert={onInsert}
              />
            ))}
          {more > 0 ? <li className="muted small ds-more">and {more} more</li> : null}
        </ul>
      ) : null}
    </li>
  );
}
