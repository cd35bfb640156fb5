/**
 * The tables page (`/projects/:projectId/tables`), Activepieces' Tables list: the
 * project's tables, newest first, searched by name as you type, a page at a time; "New table"
 * creates one and opens it; each table's menu opens, renames, imports a CSV file into, exports
 * as CSV, or deletes it (after asking).
 */
import type { Table } from '@piecework/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useProjectId } from '../../api/use-projects';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { MenuButton } from '../../components/menu-button';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { formatDateTime, formatRelative } from '../../format/format-time';
import { NameDialog } from '../flows/name-dialog';
import { ImportCsvDialog } from './import-csv-dialog';
import { useCreateTable, useDeleteTable, useExportTable, useRenameTable, useTablesPage } from './use-tables';
import './tables.css';

/** The dialog open on the page, if any. */
type OpenDialog =
  | { kind: 'create' }
  | { kind: 'rename'; table: Table }
  | { kind: 'delete'; table: Table }
  | { kind: 'import'; table: Table };

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const navigate = useNavigate();
  const { toast, toastError } = useToast();
  const [draft, setDraft] = useState('');
  const [view, setView] = useState<{ name: string; cursor: string | undefined }>({
    name: '',
    cursor: undefined,
  });
  useEffect(() => {
    if (draft.trim() === view.name) return;
    const timer = setTimeout(() => setView({ name: draft.trim(), cursor: undefined }), 250);
    return () => clearTimeout(timer);
  }, [draft, view.name]);
  const tables = useTablesPage(projectId, view);
  const create = useCreateTable(projectId);
  const rename = useRenameTable(projectId);
  const remove = useDeleteTable(projectId);
  const exportTable = useExportTable();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);
  const tablePath = (table: Table) => `/projects/${projectId}/tables/${table.id}`;
  return (
    <div className="page tables-page">
      <PageHeader
        title="Tables"
        description="Store and share data between flows, and edit it by hand."
        actions={
          <button type="button" className="btn primary" onClick={() => setDialog({ kind: 'create' })}>
            New table
          </button>
        }
      />
      <div className="toolbar">
        <div className="field table-search">
          <label htmlFor="table-search" className="visually-hidden">
            Search tables by name
          </label>
          <input
            id="table-search"
            type="search"
            placeholder="Search tables"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
      </div>
      <QueryState query={tables} label="Loading tables">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">
              {view.name === ''
                ? 'No tables yet. Create one to start.'
                : `No table’s name contains “${view.name}”.`}
            </p>
          ) : (
            <>
              <DataTable
                className="tables-table"
                columns={[
                  { label: 'Name' },
                  { label: 'Created', className: 'hide-narrow' },
                  { label: 'Last modified', className: 'hide-narrow' },
                  { label: 'Actions', hideLabel: true },
                ]}
              >
                {page.data.map((table) => (
                  <tr key={table.id}>
                    <td>
                      <Link to={tablePath(table)}>{table.name}</Link>
                    </td>
                    <td className="hide-narrow">
                      <time dateTime={table.created} title={formatDateTime(table.created)}>
                        {formatRelative(table.created)}
                      </time>
                    </td>
                    <td className="hide-narrow">
                      <time dateTime={table.updated} title={formatDateTime(table.updated)}>
                        {formatRelative(table.updated)}
                      </time>
                    </td>
                    <td className="row-actions">
                      <MenuButton
                        label={`Actions of table ${table.name}`}
                        items={[
                          { label: 'Open', onSelect: () => void navigate(tablePath(table)) },
                          { label: 'Rename', onSelect: () => setDialog({ kind: 'rename', table }) },
                          { label: 'Import CSV', onSelect: () => setDialog({ kind: 'import', table }) },
                          {
                            label: 'Export CSV',
                            onSelect: () => exportTable.mutate(table, { onError: toastError }),
                          },
                          {
                            label: 'Delete',
                            danger: true,
                            onSelect: () => setDialog({ kind: 'delete', table }),
                          },
                        ]}
                      />
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} onGo={(cursor) => setView({ ...view, cursor })} label="Tables" />
            </>
          )
        }
      </QueryState>
      {dialog?.kind === 'create' ? (
        <NameDialog
          title="New table"
          label="Table name"
          submitLabel="Create"
          onClose={close}
          onSubmit={async (name) => {
            const table = await create.mutateAsync(name);
            void navigate(tablePath(table));
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <NameDialog
          title="Rename table"
          label="Table name"
          initial={dialog.table.name}
          submitLabel="Rename"
          onClose={close}
          onSubmit={(name) => rename.mutateAsync({ tableId: dialog.table.id, name })}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportCsvDialog projectId={projectId} table={dialog.table} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete table?"
          message={`“${dialog.table.name}” and all its rows will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onClose={close}
          onConfirm={() =>
            remove.mutate(dialog.table.id, {
              onSuccess: () => {
                toast(`Deleted “${dialog.table.name}”`);
                close();
              },
              onError: (error) => {
                toastError(error);
                close();
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
