/**
 * `/platform/global-connections` (platform admins): connections the platform shares with chosen
 * projects, searchable by name: the piece, name and external id, the projects each is available
 * to, its status, and Edit (name and projects) and Delete (asks first). "New global connection"
 * picks a piece, then takes its credentials and projects. Secret values are never shown: the
 * server answers none.
 */
import type { AppConnection, Project } from '@piecework/shared';
import { useDeferredValue, useState } from 'react';
import { useSession } from '../../api/session-context';
import { usePieces } from '../../api/use-pieces';
import { useProjects } from '../../api/use-projects';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { TextField } from '../../components/field';
import { MenuButton } from '../../components/menu-button';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { useToast } from '../../components/toast';
import { AdminQueryState, isForbidden } from '../settings/admin-query-state';
import { ConnectionStatusBadge } from '../settings/connection-status-badge';
import { useCursor } from '../settings/use-cursor';
import { EditGlobalConnectionDialog } from './edit-global-connection-dialog';
import { NewGlobalConnection } from './new-global-connection';
import { useDeleteGlobalConnection, useGlobalConnections } from './use-global-connections';
import '../settings/settings.css';

/** What dialog is open. */
type Open =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'edit'; connection: AppConnection }
  | { kind: 'delete'; connection: AppConnection };

/** The page of `/platform/global-connections`. */
export function Page() {
  const { session } = useSession();
  const projects = useProjects();
  const catalogueProjectId = session?.projectId ?? projects.data?.[0]?.id;
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const paging = useCursor();
  const connections = useGlobalConnections(deferredSearch, paging.cursor);
  const remove = useDeleteGlobalConnection();
  const { toast, toastError } = useToast();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const close = () => setOpen({ kind: 'none' });
  const ready = catalogueProjectId !== undefined && projects.data !== undefined;
  return (
    <section>
      <PageHeader
        title="Global connections"
        description="Connections you manage once for the whole platform, available to the projects you choose. Their secrets are never shown."
        actions={
          isForbidden(connections.error) ? undefined : (
            <button
              type="button"
              className="btn primary"
              disabled={!ready}
              onClick={() => setOpen({ kind: 'new' })}
            >
              New global connection
            </button>
          )
        }
      />
      <TextField
        label="Search global connections"
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          paging.reset();
        }}
      />
      <AdminQueryState query={connections} label="Loading global connections">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">
              {deferredSearch === ''
                ? 'No global connection yet.'
                : `No global connection’s name contains “${deferredSearch}”.`}
            </p>
          ) : (
            <>
              <GlobalConnectionsTable
                connections={page.data}
                projects={projects.data ?? []}
                catalogueProjectId={catalogueProjectId}
                onEdit={(connection) => setOpen({ kind: 'edit', connection })}
                onDelete={(connection) => setOpen({ kind: 'delete', connection })}
              />
              <Pager page={page} onGo={paging.go} label="global connections" />
            </>
          )
        }
      </AdminQueryState>
      {open.kind === 'new' && ready ? (
        <NewGlobalConnection
          catalogueProjectId={catalogueProjectId}
          projects={projects.data}
          onClose={close}
        />
      ) : null}
      {open.kind === 'edit' ? (
        <EditGlobalConnectionDialog
          connection={open.connection}
          projects={projects.data ?? []}
          onClose={close}
        />
      ) : null}
      {open.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete the global connection?"
          message={`Flows of every project using ${open.connection.displayName} will fail when they run.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(open.connection.id, {
              onSuccess: () => {
                toast(`Deleted ${open.connection.displayName}`);
                paging.reset();
                close();
              },
              onError: toastError,
            })
          }
          onClose={close}
        />
      ) : null}
    </section>
  );
}

/** Props of {@link GlobalConnectionsTable}. */
interface GlobalConnectionsTableProps {
  connections: readonly AppConnection[];
  projects: readonly Project[];
  catalogueProjectId: string | undefined;
  onEdit: (connection: AppConnection) => void;
  onDelete: (connection: AppConnection) => void;
}

/** One row per global connection: piece, name and id, projects, status and its menu. */
function GlobalConnectionsTable(props: GlobalConnectionsTableProps) {
  const pieces = usePieces(props.catalogueProjectId ?? '');
  const pieceNames = new Map((pieces.data ?? []).map((piece) => [piece.name, piece.displayName]));
  const projectNames = new Map(props.projects.map((project) => [project.id, project.displayName]));
  return (
    <DataTable
      columns={[
        { label: 'Piece', className: 'hide-narrow' },
        { label: 'Name' },
        { label: 'Available to' },
        { label: 'Status' },
        { label: 'Actions', className: 'actions', hideLabel: true },
      ]}
    >
      {props.connections.map((connection) => (
        <tr key={connection.id}>
          <td className="hide-narrow">{pieceNames.get(connection.pieceName) ?? connection.pieceName}</td>
          <td>
            <span className="cell-stack">
              {connection.displayName}
              <small className="mono">{connection.externalId}</small>
            </span>
          </td>
          <td>
            {connection.projectIds.length === 0
              ? 'No project'
              : connection.projectIds.map((id) => projectNames.get(id) ?? id).join(', ')}
          </td>
          <td>
            <ConnectionStatusBadge status={connection.status} />
          </td>
          <td className="actions">
            <MenuButton
              label={`Actions of global connection ${connection.displayName}`}
              items={[
                { label: 'Edit', onSelect: () => props.onEdit(connection) },
                { label: 'Delete', danger: true, onSelect: () => props.onDelete(connection) },
              ]}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
