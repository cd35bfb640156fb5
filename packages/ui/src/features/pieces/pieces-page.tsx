/**
 * `/platform/pieces` (platform admins): every piece the server lists (built in, installed, from
 * the catalogue), searchable and filtered by category; install one by name and version, upload
 * a packed private piece, see a piece's versions, uninstall an installed version, and sync the
 * catalogue now. Installing and syncing change the server, so the server answers them only for
 * admins of its first platform; its refusal is shown as it says it.
 */
import type { PieceMetadataSummary } from '@piecework/shared';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { SelectField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { categoryFilters, isInCategory } from '../builder/piece-picker/piece-categories';
import { pieceIndex, rankPieces } from '../builder/piece-picker/piece-ranking';
import { AdminQueryState, isForbidden } from '../settings/admin-query-state';
import { InstallPieceDialog } from './install-piece-dialog';
import { PieceVersionsDialog } from './piece-versions-dialog';
import { PiecesTable } from './pieces-table';
import { UninstallPieceDialog } from './uninstall-piece-dialog';
import { UploadPieceDialog } from './upload-piece-dialog';
import { useCatalogue, useSyncCatalogue } from './use-piece-admin';
import '../settings/settings.css';
import './pieces.css';

/** What the page's dialog is showing, if any. */
type Open =
  | { kind: 'install'; name?: string }
  | { kind: 'upload' }
  | { kind: 'versions'; piece: PieceMetadataSummary }
  | { kind: 'uninstall'; piece: PieceMetadataSummary; version: string };

/** The page of `/platform/pieces`. */
export function Page() {
  const catalogue = useCatalogue();
  const sync = useSyncCatalogue();
  const { toast, toastError } = useToast();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('ALL');
  const [open, setOpen] = useState<Open | null>(null);
  const index = useMemo(() => pieceIndex(catalogue.data ?? []), [catalogue.data]);
  const forbidden = isForbidden(catalogue.error);
  return (
    <section>
      <PageHeader
        title="Pieces"
        description="Every piece this server offers: built in, installed, or installed when a flow first uses it."
        actions={
          forbidden ? undefined : (
            <>
              <button
                type="button"
                className="btn"
                disabled={sync.isPending}
                onClick={() =>
                  sync.mutate(undefined, {
                    onSuccess: ({ added, removed }) =>
                      toast(`Synced the catalogue: ${String(added)} added, ${String(removed)} removed`),
                    onError: toastError,
                  })
                }
              >
                {sync.isPending ? 'Syncing…' : 'Sync now'}
              </button>
              <button type="button" className="btn" onClick={() => setOpen({ kind: 'upload' })}>
                Upload piece
              </button>
              <button type="button" className="btn primary" onClick={() => setOpen({ kind: 'install' })}>
                Install piece
              </button>
            </>
          )
        }
      />
      <AdminQueryState query={catalogue} label="Loading pieces">
        {(all) => {
          const shown = rankPieces(index, all, search).filter((piece) => isInCategory(piece, category));
          return (
            <>
              <div className="toolbar">
                <TextField
                  label="Search pieces"
                  type="search"
                  value={search}
                  maxLength={200}
                  onChange={(event) => setSearch(event.target.value)}
                />
                <SelectField
                  label="Category"
                  value={category}
                  options={categoryFilters(all).map((filter) => ({ value: filter.id, label: filter.label }))}
                  onValueChange={(value) => setCategory(value)}
                />
              </div>
              <p className="muted small" role="status">
                {shown.length === all.length
                  ? `${String(all.length)} pieces`
                  : `${String(shown.length)} of ${String(all.length)} pieces`}
              </p>
              {shown.length === 0 ? (
                <p className="empty">No piece matches.</p>
              ) : (
                <PiecesTable
                  pieces={shown}
                  onVersions={(piece) => setOpen({ kind: 'versions', piece })}
                  onInstallVersion={(piece) => setOpen({ kind: 'install', name: piece.name })}
                  onUninstall={(piece) => setOpen({ kind: 'uninstall', piece, version: piece.version })}
                />
              )}
            </>
          );
        }}
      </AdminQueryState>
      {open?.kind === 'install' ? (
        <InstallPieceDialog name={open.name} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'upload' ? <UploadPieceDialog onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'versions' ? (
        <PieceVersionsDialog
          piece={open.piece}
          onUninstall={(version) => setOpen({ kind: 'uninstall', piece: open.piece, version })}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'uninstall' ? (
        <UninstallPieceDialog
          name={open.piece.name}
          displayName={open.piece.displayName}
          version={open.version}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
