/**
 * The server's pieces as a platform admin manages them (`/platform/pieces`): the whole catalogue,
 * hidden pieces included, and the calls that change it (install from the registry or from an
 * uploaded archive, uninstall a version, sync the catalogue). Each change re-reads every piece
 * list, the builder's included.
 */
import type { InstallPieceRequest, InstalledPieceVersion, PieceMetadataSummary } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSlowApi } from '../../api/session-context';

/** The prefix of every piece list's query key (the builder's lists too). */
const PIECES_KEY = ['pieces'] as const;

/** Every piece the server lists, hidden ones included, newest version of each. */
export function useCatalogue() {
  const client = useApi();
  return useQuery({
    queryKey: [...PIECES_KEY, 'admin'],
    queryFn: (): Promise<PieceMetadataSummary[]> =>
      client.pieces.list({ includeHidden: true, sortBy: 'NAME' }),
  });
}

/** Forgets every cached piece list and piece metadata, so that pages read them again. */
function useRefreshPieces() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: PIECES_KEY });
    await queryClient.invalidateQueries({ queryKey: ['piece'] });
  };
}

/** Installs a piece version (from the registry, or an uploaded archive); may take minutes. */
export function useInstallPiece() {
  const client = useSlowApi();
  const refresh = useRefreshPieces();
  return useMutation({
    mutationFn: (request: InstallPieceRequest): Promise<InstalledPieceVersion> =>
      client.pieces.install(request),
    onSuccess: refresh,
  });
}

/** Removes an installed version; the server refuses while a published flow uses it. */
export function useUninstallPiece() {
  const client = useApi();
  const refresh = useRefreshPieces();
  return useMutation({
    mutationFn: ({ name, version }: { name: string; version: string }) =>
      client.pieces.delete({ name }, { version }),
    onSuccess: refresh,
  });
}

/** Syncs the catalogue from the server's sync source now; answers how many versions came and went. */
export function useSyncCatalogue() {
  const client = useSlowApi();
  const refresh = useRefreshPieces();
  return useMutation({ mutationFn: () => client.pieces.sync(), onSuccess: refresh });
}

/** Every available version of piece `name`, oldest first. */
export function usePieceVersions(name: string) {
  const client = useApi();
  return useQuery({
    queryKey: ['piece-versions', name],
    queryFn: () => client.pieces.listVersions({ name }),
  });
}
