/**
 * The pieces catalogue as the builder reads it: the list (for the piece picker) and one piece's
 * full metadata (its actions, triggers, properties and auth, for the settings panel). Both change
 * rarely, so they are cached for minutes. A scoped name (`@activepieces/piece-slack`) is fetched
 * through `/v1/pieces/:scope/:name`.
 */
import type { PieceMetadata, PieceMetadataSummary } from '@piecework/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from './session-context';

/**
 * Every piece the project can use (built in, installed, and from the catalogue: see each one's
 * `installState`), with its actions and triggers counted.
 */
export function usePieces(projectId: string) {
  const client = useApi();
  return useQuery({
    queryKey: ['pieces', projectId],
    queryFn: (): Promise<PieceMetadataSummary[]> => client.pieces.list({ projectId }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The names of the pieces the server's search finds for `text` (`searchQuery`: name, display name,
 * description and whatever else the server matches); an empty set while `text` is empty.
 */
export function usePieceSearch(projectId: string, text: string) {
  const client = useApi();
  const searchQuery = text.trim();
  return useQuery({
    queryKey: ['pieces', projectId, { searchQuery }],
    enabled: searchQuery !== '',
    queryFn: async (): Promise<ReadonlySet<string>> =>
      new Set((await client.pieces.list({ projectId, searchQuery })).map((piece) => piece.name)),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** The full metadata of piece `name` at `version` (default its latest), or disabled without a name. */
export function usePiece(projectId: string, name: string | undefined, version?: string) {
  const client = useApi();
  return useQuery({
    queryKey: ['piece', projectId, name, version ?? 'latest'],
    enabled: name !== undefined,
    queryFn: (): Promise<PieceMetadata> => {
      const query = { projectId, ...(version === undefined ? {} : { version }) };
      const [scope, bare] = splitScope(name ?? '');
      return scope === undefined
        ? client.pieces.get({ name: bare }, query)
        : client.pieces.getScoped({ scope, name: bare }, query);
    },
    staleTime: 5 * 60_000,
  });
}

/** `@activepieces/piece-slack` -> [`@activepieces`, `piece-slack`]; `x` -> [undefined, `x`]. */
function splitScope(name: string): [string | undefined, string] {
  if (!name.startsWith('@')) return [undefined, name];
  const slash = name.indexOf('/');
  return [name.slice(0, slash), name.slice(slash + 1)];
}
