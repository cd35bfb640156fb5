/**
 * The table of the Pieces page: each piece's logo and name, its newest version, install state
 * (with the reason when unavailable), categories, and a menu to see its versions, install another
 * version and uninstall the installed one.
 */
import type { PieceMetadataSummary } from '@piecework/shared';
import { DataTable } from '../../components/data-table';
import { MenuButton, type MenuItem } from '../../components/menu-button';
import { StepLogo } from '../builder/canvas/step-logo';
import { categoryLabel } from '../builder/piece-picker/piece-categories';
import { InstallStateBadge } from './install-state-badge';

/** Props of {@link PiecesTable}. */
export interface PiecesTableProps {
  pieces: readonly PieceMetadataSummary[];
  onVersions: (piece: PieceMetadataSummary) => void;
  onInstallVersion: (piece: PieceMetadataSummary) => void;
  onUninstall: (piece: PieceMetadataSummary) => void;
}

/** The pieces, one row each. */
export function PiecesTable({ pieces, onVersions, onInstallVersion, onUninstall }: PiecesTableProps) {
  return (
    <DataTable
      className="pieces-table"
      columns={[
        { label: 'Piece' },
        { label: 'Version' },
        { label: 'State' },
        { label: 'Categories', className: 'hide-narrow' },
        { label: 'Actions', className: 'actions', hideLabel: true },
      ]}
    >
      {pieces.map((piece) => {
        const items: MenuItem[] = [
          { label: 'Versions', onSelect: () => onVersions(piece) },
          ...(piece.installState === 'BUILT_IN'
            ? []
            : [{ label: 'Install a version', onSelect: () => onInstallVersion(piece) }]),
          ...(piece.installState === 'INSTALLED'
            ? [{ label: `Uninstall ${piece.version}`, danger: true, onSelect: () => onUninstall(piece) }]
            : []),
        ];
        return (
          <tr key={piece.name}>
            <td>
              <span className="piece-cell">
                <StepLogo
                  type="PIECE"
                  logoUrl={piece.logoUrl}
                  pieceName={piece.name}
                  size={24}
                  alt={`${piece.displayName} logo`}
                />
                <span className="cell-stack">
                  <span>{piece.displayName}</span>
                  <small>{piece.name}</small>
                </span>
              </span>
            </td>
            <td className="mono">{piece.version}</td>
            <td>
              <span className="cell-stack">
                <InstallStateBadge state={piece.installState} />
                {piece.installState === 'UNAVAILABLE' && piece.unavailableReason !== undefined ? (
                  <small>{piece.unavailableReason}</small>
                ) : null}
              </span>
            </td>
            <td className="hide-narrow">
              {[...new Set((piece.categories ?? []).map(categoryLabel))].join(', ')}
            </td>
            <td className="actions">
              <MenuButton label={`Actions of piece ${piece.displayName}`} items={items} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
