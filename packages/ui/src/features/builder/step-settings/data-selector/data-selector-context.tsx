/**
 * Which text field the data selector inserts into. A field that accepts `{{ }}` references
 * (see `ExpressionInput`) opens the selector when it gets focus; the selector stays open while
 * focus is in such a field or in the selector itself, and closes when focus goes anywhere else,
 * on Escape, or with its close button. Outside a {@link DataSelectorProvider} (e.g. in the
 * new-connection dialog) fields work the same without a selector.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { WithoutReferenceSources } from './reference-sources';

/** The attribute marking fields that accept references (focus there keeps the selector open). */
export const ACCEPTS_REFERENCES_ATTRIBUTE = 'data-accepts-references';
/** The attribute marking the selector's own panel. */
export const DATA_SELECTOR_ATTRIBUTE = 'data-data-selector';

/** A field the selector can insert into. */
export interface ReferenceTarget {
  /** The field's label, shown in the selector ("Insert into Course"). */
  readonly label: string;
  /** Inserts `text` at the field's caret (replacing its selection) and focuses the field again. */
  insert(text: string): void;
  /** Moves focus back to the field (closing the selector with Escape). */
  focus(): void;
}

/** What {@link useDataSelector} answers. */
export interface DataSelectorApi {
  /** The field the selector inserts into, or null when the selector is closed. */
  readonly target: ReferenceTarget | null;
  /** Opens the selector for `target`. */
  open(target: ReferenceTarget): void;
  /** Closes the selector. */
  close(): void;
}

const DataSelectorContext = createContext<DataSelectorApi | null>(null);

/** Holds the selector's target for the fields inside it. */
export function DataSelectorProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<ReferenceTarget | null>(null);
  const close = useCallback(() => setTarget(null), []);
  useEffect(() => {
    if (target === null) return;
    const onFocusIn = (event: FocusEvent) => {
      const element = event.target;
      if (!(element instanceof Element)) return;
      const keeps = element.closest(`[${ACCEPTS_REFERENCES_ATTRIBUTE}], [${DATA_SELECTOR_ATTRIBUTE}]`);
      if (keeps === null) setTarget(null);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [target]);
  const api = useMemo(() => ({ target, open: setTarget, close }), [target, close]);
  return <DataSelectorContext.Provider value={api}>{children}</DataSelectorContext.Provider>;
}

/** The data selector of the enclosing panel, or null outside one. */
export function useDataSelector(): DataSelectorApi | null {
  return useContext(DataSelectorContext);
}

/**
 * Hides the enclosing data selector and the panel's steps from the fields inside (a dialog over
 * the panel, such as a new connection's): they are plain text boxes, without references.
 */
export function WithoutDataSelector({ children }: { children: ReactNode }) {
  return (
    <DataSelectorContext.Provider value={null}>
      <WithoutReferenceSources>{children}</WithoutReferenceSources>
    </DataSelectorContext.Provider>
  );
}
