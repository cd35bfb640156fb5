/**
 * `/projects/:projectId/connections`: the project's connections, searchable by name, with
 * rename and delete; "New connection" picks a piece that needs one, then opens its
 * `NewConnectionDialog`.
 */
import type { AppConnection } from '@piecework/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useApi } from '../../api/session-context';
import { usePieces } from '../../api/use-pieces';
import { useProjectId } from '../../api/use-projects';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { NewConnectionDialog } from '../connections/new-connection-dialog';
import { ChoosePieceDialog } from './choose-piece-dialog';
import { ConnectionsTable } from './connections-table';
import { Pager } from '../../components/pager';
import { RenameConnectionDialog } from './rename-connection-dialog';
import { connectionsKey, useConnections } from '../connections/use-connections';
import { useCursor } from './use-cursor';
import './settings.css';

/** What dialog is open. */
type Open =
  | { kind: 'none' }
  | { kind: 'choose-piece' }
  | { kind: 'new'; pieceName: string }
  | { kind: 'rename'; connection: AppConnection }
  | { kind: 'delete'; connection: AppConnection };

/** The page of `/projects/:projectId/connections`. */
export function Page() {
  const projectId = useProjectId();
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const paging = useCursor();
  const connections = useConnections(projectId, deferredSearch, paging.cursor);
  const pieces = usePieces(projectId);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const close = () => setOpen({ kind: 'none' });
  const remove = useMutation({
    mutationFn: (connection: AppConnection) => client.appConnections.delete(connection.id),
    onSuccess: async (_, connection) => {
      close();
      paging.reset();
      await queryClient.invalidateQueries({ queryKey: connectionsKey(projectId) });
      toast(`Deleted ${connection.displayName}`);
    },
    onError: toastError,
  });
  return (
    <section>
      <PageHeader
        title="Connections"
        description="Credentials your flows use to reach other apps. Flows refer to them by their external id."
        actions={
          <button type="button" className="btn primary" onClick={() => setOpen({ kind: 'choose-piece' })}>
            New connection
          </button>
        }
      />
      <div className="toolbar">
        <TextField
          label="Search connections"
          type="search"
          placeholder="Name contains…"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            paging.reset();
          }}
        />
      </div>
      <QueryState query={connections} label="Loading connections">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">
              {deferredSearch === ''
                ? 'No connection yet. Create one to let your flows reach another app.'
                : `No connection’s name contains “${deferredSearch}”.`}
            </p>
          ) : (
            <>
              <ConnectionsTable
                connections={page.data}
                pieces={pieces.data}
                onRename={(connection) => setOpen({ kind: 'rename', connection })}
                onDelete={(connection) => setOpen({ kind: 'delete', connection })}
              />
              <Pager page={page} onGo={paging.go} label="Connections" />
            </>
          )
        }
      </QueryState>
      {open.kind === 'choose-piece' ? (
        <ChoosePieceDialog
          projectId={projectId}
          onClose={close}
          onChoose={(piece) => setOpen({ kind: 'new', pieceName: piece.name })}
        />
      ) : null}
      {open.kind === 'new' ? (
        <NewConnectionDialog
          projectId={projectId}
          pieceName={open.pieceName}
          onClose={close}
          onCreated={(connection) => {
            close();
            void queryClient.invalidateQueries({ queryKey: connectionsKey(projectId) });
            toast(`Created ${connection.displayName}`);
          }}
        />
      ) : null}
      {open.kind === 'rename' ? (
        <RenameConnectionDialog connection={open.connection} projectId={projectId} onClose={close} />
      ) : null}
      {open.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete the connection?"
          message={`Flows that use ${open.connection.displayName} (${open.connection.externalId}) will fail when they run.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(open.connection)}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
