/**
 * A table's page (`/projects/:projectId/tables/:tableId`), Activepieces' table
 * editor: the grid of its fields and records (newest first, 50 at a time with "Load more"),
 * filtered by the filter bar; add a field or a row, edit a cell inline, select rows and delete
 * them, import a CSV file and export the table as CSV.
 */
import type { Field } from '@piecework/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useProjectId } from '../../api/use-projects';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { ErrorNotice, QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { NameDialog } from '../flows/name-dialog';
import { AddFieldDialog } from './field-dialog';
import { FilterBar } from './filter-bar';
import { ImportCsvDialog } from './import-csv-dialog';
import { recordFilters, type FilterDraft } from './record-filters';
import { RecordsGrid, type EditedCell } from './records-grid';
import { useFields, useGridChanges, useRecords, useTable } from './use-table-grid';
import { useExportTable } from './use-tables';
import './tables.css';

/** The dialog open on the page, if any. */
type OpenDialog =
  | { kind: 'add-field' }
  | { kind: 'rename-field'; field: Field }
  | { kind: 'delete-field'; field: Field }
  | { kind: 'delete-rows' }
  | { kind: 'import' };

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const tableId = useParams().tableId ?? '';
  const { toast, toastError } = useToast();
  const table = useTable(tableId);
  const fields = useFields(tableId);
  const fieldList = useMemo(() => fields.data ?? [], [fields.data]);
  const [drafts, setDrafts] = useState<FilterDraft[]>([]);
  const wanted = useMemo(() => recordFilters(drafts, fieldList), [drafts, fieldList]);
  const [filters, setFilters] = useState(wanted);
  useEffect(() => {
    if (JSON.stringify(wanted) === JSON.stringify(filters)) return;
    const timer = setTimeout(() => setFilters(wanted), 300);
    return () => clearTimeout(timer);
  }, [wanted, filters]);
  const records = useRecords(tableId, filters);
  const changes = useGridChanges(tableId);
  const exportTable = useExportTable();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<EditedCell | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);
  const recordList = useMemo(() => records.data?.pages.flatMap((page) => page.data) ?? [], [records.data]);
  const name = table.data?.name ?? 'Table';
  return (
    <div className="page table-page">
      <p className="back-to-tables">
        <Link to={`/projects/${projectId}/tables`}>
          <ArrowLeft aria-hidden="true" className="icon" /> Tables
        </Link>
      </p>
      <PageHeader
        title={name}
        actions={
          <>
            <button type="button" className="btn" onClick={() => setDialog({ kind: 'import' })}>
              Import CSV
            </button>
            <button
              type="button"
              className="btn"
              disabled={table.data === undefined || exportTable.isPending}
              onClick={() =>
                table.data !== undefined && exportTable.mutate(table.data, { onError: toastError })
              }
            >
              Export CSV
            </button>
            <button
              type="button"
              className="btn primary"
              disabled={changes.addRecord.isPending}
              onClick={() => changes.addRecord.mutate(undefined, { onError: toastError })}
            >
              New row
            </button>
          </>
        }
      />
      {table.isError ? <ErrorNotice error={table.error} onRetry={() => void table.refetch()} /> : null}
      <QueryState query={fields} label="Loading fields">
        {(loadedFields) => (
          <>
            <div className="toolbar grid-toolbar">
              <FilterBar fields={loadedFields} drafts={drafts} onChange={setDrafts} />
              {selected.size === 0 ? null : (
                <button
                  type="button"
                  className="btn danger small"
                  onClick={() => setDialog({ kind: 'delete-rows' })}
                >
                  Delete {selected.size === 1 ? '1 row' : `${String(selected.size)} rows`}
                </button>
              )}
            </div>
            {records.isPending ? (
              <Loading label="Loading rows" />
            ) : records.isError ? (
              <ErrorNotice error={records.error} onRetry={() => void records.refetch()} />
            ) : (
              <>
                <RecordsGrid
                  fields={loadedFields}
                  records={recordList}
                  selected={selected}
                  onSelect={setSelected}
                  editing={editing}
                  onEdit={setEditing}
                  onSaveCell={(cell, value) => {
                    setEditing(null);
                    changes.updateCell.mutate(
                      { recordId: cell.recordId, cell: { fieldId: cell.fieldId, value } },
                      { onError: toastError },
                    );
                  }}
                  onAddField={() => setDialog({ kind: 'add-field' })}
                  onRenameField={(field) => setDialog({ kind: 'rename-field', field })}
                  onDeleteField={(field) => setDialog({ kind: 'delete-field', field })}
                />
                {recordList.length === 0 ? (
                  <p className="empty">
                    {filters.length === 0 ? 'No rows yet.' : 'No row matches the filters.'}
                  </p>
                ) : null}
                {records.hasNextPage ? (
                  <button
                    type="button"
                    className="btn small load-more"
                    disabled={records.isFetchingNextPage}
                    onClick={() => void records.fetchNextPage()}
                  >
                    Load more
                  </button>
                ) : null}
              </>
            )}
          </>
        )}
      </QueryState>
      {dialog?.kind === 'add-field' ? (
        <AddFieldDialog onClose={close} onSubmit={(field) => changes.addField.mutateAsync(field)} />
      ) : null}
      {dialog?.kind === 'rename-field' ? (
        <NameDialog
          title="Rename field"
          label="Field name"
          initial={dialog.field.name}
          submitLabel="Rename"
          onClose={close}
          onSubmit={(newName) =>
            changes.updateField.mutateAsync({ fieldId: dialog.field.id, change: { name: newName } })
          }
        />
      ) : null}
      {dialog?.kind === 'delete-field' ? (
        <ConfirmDialog
          title="Delete field?"
          message={`The field “${dialog.field.name}” and its value in every row will be deleted.`}
          confirmLabel="Delete"
          busy={changes.deleteField.isPending}
          onClose={close}
          onConfirm={() =>
            changes.deleteField.mutate(dialog.field.id, { onSettled: close, onError: toastError })
          }
        />
      ) : null}
      {dialog?.kind === 'delete-rows' ? (
        <ConfirmDialog
          title="Delete rows?"
          message={`${selected.size === 1 ? 'The selected row' : `The ${String(selected.size)} selected rows`} will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          busy={changes.deleteRecords.isPending}
          onClose={close}
          onConfirm={() =>
            changes.deleteRecords.mutate([...selected], {
              onSuccess: () => {
                toast(selected.size === 1 ? 'Deleted 1 row' : `Deleted ${String(selected.size)} rows`);
                setSelected(new Set());
              },
              onError: toastError,
              onSettled: close,
            })
          }
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportCsvDialog projectId={projectId} table={{ id: tableId, name }} onClose={close} />
      ) : null}
    </div>
  );
}
