/**
 * The table of a project's connections: the piece (its logo and name from the catalogue), the
 * connection's name and external id, its status, when it was created, and a menu to rename or
 * delete it.
 */
import type { AppConnection, PieceMetadataSummary } from '@piecework/shared';
import { MenuButton } from '../../components/menu-button';
import { ConnectionStatusBadge } from './connection-status-badge';
import { DateText } from '../../components/date-text';
import { DataTable } from '../../components/data-table';

/** Props of {@link ConnectionsTable}. */
export interface ConnectionsTableProps {
  connections: readonly AppConnection[];
  /** The catalogue, to show each piece's display name and logo (the raw name until it loads). */
  pieces: readonly PieceMetadataSummary[] | undefined;
  onRename: (connection: AppConnection) => void;
  onDelete: (connection: AppConnection) => void;
}

/** The connections, one row each. */
export function ConnectionsTable({ connections, pieces, onRename, onDelete }: ConnectionsTableProps) {
  const byName = new Map((pieces ?? []).map((piece) => [piece.name, piece]));
  return (
    <DataTable
      columns={[
        { label: 'Piece' },
        { label: 'Name' },
        { label: 'Status' },
        { label: 'Created', className: 'hide-narrow' },
        { label: 'Actions', className: 'actions', hideLabel: true },
      ]}
    >
      {connections.map((connection) => {
        const piece = byName.get(connection.pieceName);
        return (
          <tr key={connection.id}>
            <td>
              <span className="piece-cell">
                {piece === undefined ? null : <img src={piece.logoUrl} alt="" />}
                {piece?.displayName ?? connection.pieceName}
              </span>
            </td>
            <td>
              <span className="cell-stack">
                {connection.displayName}
                <small>{connection.externalId}</small>
              </span>
            </td>
            <td>
              <ConnectionStatusBadge status={connection.status} />
            </td>
            <td className="hide-narrow">
              <DateText iso={connection.created} />
            </td>
            <td className="actions">
              <MenuButton
                label={`Actions of connection ${connection.displayName}`}
                items={[
                  { label: 'Rename', onSelect: () => onRename(connection) },
                  { label: 'Delete', danger: true, onSelect: () => onDelete(connection) },
                ]}
              />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
