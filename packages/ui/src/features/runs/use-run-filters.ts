/**
 * The runs list's filters read from and written to the URL (see `run-filters.ts`): changing a
 * filter goes back to the first page; paging keeps the filters.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readRunFilters, writeRunFilters, type RunFilters } from './run-filters';

/** What {@link useRunFilters} answers. */
export interface RunFiltersState {
  readonly filters: RunFilters;
  /** Changes some filters and shows the first page. */
  change(patch: Partial<Omit<RunFilters, 'cursor'>>): void;
  /** Shows the page at `cursor` (undefined: the first). */
  page(cursor: string | undefined): void;
  /** Drops every filter but the environment. */
  clear(): void;
}

/** The filters of the URL and their setters. */
export function useRunFilters(): RunFiltersState {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readRunFilters(params), [params]);
  const write = useCallback((next: RunFilters) => setParams(writeRunFilters(next)), [setParams]);
  return useMemo(
    () => ({
      filters,
      change: (patch) => {
        const { cursor: _cursor, ...rest } = filters;
        write(withoutUndefined({ ...rest, ...patch }));
      },
      page: (cursor) => {
        const { cursor: _cursor, ...rest } = filters;
        write(cursor === undefined ? rest : { ...rest, cursor });
      },
      clear: () => write({ statuses: [], environment: filters.environment }),
    }),
    [filters, write],
  );
}

/** `filters` without keys set to undefined (a cleared filter). */
function withoutUndefined(filters: Partial<RunFilters>): RunFilters {
  const entries = Object.entries(filters).filter(([, value]) => value !== undefined);
  return { statuses: [], environment: 'PRODUCTION', ...Object.fromEntries(entries) } as RunFilters;
}
