/**
 * The versions of one piece the server knows (`GET /v1/pieces/:name/versions`), oldest first,
 * with the platform releases each supports; an installed piece's versions can be uninstalled
 * from here.
 */
import type { PieceMetadataSummary } from '@piecework/shared';
import { Dialog } from '../../components/dialog';
import { AdminQueryState } from '../settings/admin-query-state';
import { usePieceVersions } from './use-piece-admin';

/** Props of {@link PieceVersionsDialog}. */
export interface PieceVersionsDialogProps {
  piece: PieceMetadataSummary;
  onUninstall: (version: string) => void;
  onClose: () => void;
}

/** The versions dialog of `piece`. */
export function PieceVersionsDialog({ piece, onUninstall, onClose }: PieceVersionsDialogProps) {
  const versions = usePieceVersions(piece.name);
  const removable = piece.installState === 'INSTALLED';
  return (
    <Dialog title={`Versions of ${piece.displayName}`} onClose={onClose}>
      <AdminQueryState query={versions} label="Loading versions">
        {(list) =>
          list.length === 0 ? (
            <p className="empty">No version is available.</p>
          ) : (
            <ul className="piece-versions" aria-label={`Versions of ${piece.displayName}`}>
              {list.map((entry) => (
                <li key={entry.version}>
                  <span className="cell-stack">
                    <span className="mono">{entry.version}</span>
                    {entry.minimumSupportedRelease === undefined ? null : (
                      <small>
                        Releases {entry.minimumSupportedRelease} to{' '}
                        {entry.maximumSupportedRelease ?? 'latest'}
                      </small>
                    )}
                  </span>
                  {removable ? (
                    <button type="button" className="btn small" onClick={() => onUninstall(entry.version)}>
                      Uninstall {entry.version}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </AdminQueryState>
    </Dialog>
  );
}
