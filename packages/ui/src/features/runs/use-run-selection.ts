/**
 * Which runs of the list the user ticked: some runs by id, or every run matching the filters
 * ("select all matching") less the ones unticked after. Any change of the filters clears it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';

/** What {@link useRunSelection} answers. */
export interface RunSelectionState {
  /** Every run matching the filters is selected (less {@link RunSelectionState.excluded}). */
  readonly allMatching: boolean;
  /** The ticked runs (when not {@link RunSelectionState.allMatching}). */
  readonly ids: ReadonlySet<string>;
  /** The runs unticked after "select all matching". */
  readonly excluded: ReadonlySet<string>;
  /** Whether run `id` is ticked. */
  isSelected(id: string): boolean;
  /** Ticks or unticks run `id`. */
  toggle(id: string): void;
  /** Ticks (or unticks) every run of `ids` (the page shown). */
  setPage(ids: readonly string[], selected: boolean): void;
  /** Selects every run matching the filters. */
  selectAllMatching(): void;
  /** Unticks everything. */
  clear(): void;
}

/** The selection of the runs list; `filterKey` identifies the filters (a change clears it). */
export function useRunSelection(filterKey: string): RunSelectionState {
  const [allMatching, setAllMatching] = useState(false);
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const clear = useCallback(() => {
    setAllMatching(false);
    setIds(new Set());
    setExcluded(new Set());
  }, []);
  useEffect(clear, [filterKey, clear]);
  return useMemo(
    () => ({
      allMatching,
      ids,
      excluded,
      isSelected: (id) => (allMatching ? !excluded.has(id) : ids.has(id)),
      toggle: (id) => {
        if (allMatching) setExcluded(flipped(excluded, id));
        else setIds(flipped(ids, id));
      },
      setPage: (pageIds, selected) => {
        if (allMatching) setExcluded(withAll(excluded, pageIds, !selected));
        else setIds(withAll(ids, pageIds, selected));
      },
      selectAllMatching: () => {
        setAllMatching(true);
        setExcluded(new Set());
      },
      clear,
    }),
    [allMatching, ids, excluded, clear],
  );
}

function flipped(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

function withAll(set: ReadonlySet<string>, ids: readonly string[], present: boolean): ReadonlySet<string> {
  const next = new Set(set);
  for (const id of ids) {
    if (present) next.add(id);
    else next.delete(id);
  }
  return next;
}
