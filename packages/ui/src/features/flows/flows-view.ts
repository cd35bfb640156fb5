/**
 * What the flows page shows, kept in the URL's query string (bookmarkable, and the back button
 * works): the folder (`folder=<id>`, `folder=NULL` for flows in no folder, none for all), the
 * searched name (`name`) and the page (`cursor`).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Which flows by folder: all of them, those in no folder, or those of one folder (its id). */
export type FolderFilter = 'ALL' | 'NONE' | { readonly id: string };

/** The `folderId` query value of the API for a filter ('NULL' is Activepieces' "no folder"). */
export function folderQueryValue(folder: FolderFilter): string | undefined {
  if (folder === 'ALL') return undefined;
  return folder === 'NONE' ? 'NULL' : folder.id;
}

/** The folder the page's new and imported flows go into (null: none). */
export function folderOfNewFlows(folder: FolderFilter): string | null {
  return typeof folder === 'object' ? folder.id : null;
}

/** What {@link useFlowsView} answers. */
export interface FlowsView {
  readonly folder: FolderFilter;
  readonly name: string;
  readonly cursor: string | undefined;
  /** The query string (without `?`) showing `folder`, for folder links: `<Link to={{ search }}>`. */
  folderSearch(folder: FolderFilter): string;
  /** Searches `name` from the first page. */
  search(name: string): void;
  /** Shows the page at `cursor`. */
  page(cursor: string | undefined): void;
}

/** The flows page's view, read from and written to the URL. */
export function useFlowsView(): FlowsView {
  const [params, setParams] = useSearchParams();
  const folderParam = params.get('folder');
  const name = params.get('name') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  const folder = useMemo<FolderFilter>(
    () =>
      folderParam === null || folderParam === ''
        ? 'ALL'
        : folderParam === 'NULL'
          ? 'NONE'
          : { id: folderParam },
    [folderParam],
  );
  const write = useCallback(
    (next: { folder: string | null; name: string; cursor?: string | undefined }) => {
      const search = new URLSearchParams();
      if (next.folder !== null) search.set('folder', next.folder);
      if (next.name !== '') search.set('name', next.name);
      if (next.cursor !== undefined) search.set('cursor', next.cursor);
      setParams(search, { replace: true });
    },
    [setParams],
  );
  return useMemo(
    () => ({
      folder,
      name,
      cursor,
      folderSearch: (target) => {
        const search = new URLSearchParams();
        const value = folderQueryValue(target);
        if (value !== undefined) search.set('folder', value);
        if (name !== '') search.set('name', name);
        return search.toString();
      },
      search: (next) => write({ folder: folderParam, name: next }),
      page: (next) => write({ folder: folderParam, name, cursor: next }),
    }),
    [folder, name, cursor, folderParam, write],
  );
}
