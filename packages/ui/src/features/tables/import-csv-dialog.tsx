/**
 * "Import CSV" of a table: a file picker, then the file's text goes to `POST /v1/tables/:id/import`
 * (header row = field names; names the table lacks become new text fields). The dialog then says
 * how many rows were added and which fields were created, or shows the server's refusal (a
 * malformed file adds nothing).
 */
import type { ImportTableResponse, Table } from '@piecework/shared';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { useImportTable } from './use-tables';

/** Props of {@link ImportCsvDialog}. */
export interface ImportCsvDialogProps {
  projectId: string;
  table: Pick<Table, 'id' | 'name'>;
  onClose: () => void;
}

/** What an import did, in words. */
function importSummary(result: ImportTableResponse): string {
  const rows = result.records === 1 ? '1 row' : `${String(result.records)} rows`;
  const fields = result.createdFields.length === 0 ? '' : ` New fields: ${result.createdFields.join(', ')}.`;
  return `Imported ${rows}.${fields}`;
}

/** The dialog importing a CSV file into `table`. */
export function ImportCsvDialog({ projectId, table, onClose }: ImportCsvDialogProps) {
  const importTable = useImportTable(projectId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<ImportTableResponse | null>(null);
  const inputId = useId();
  const formId = `${inputId}-form`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (file === null) {
      setError('Choose a CSV file first.');
      return;
    }
    setError(undefined);
    try {
      setResult(await importTable.mutateAsync({ tableId: table.id, csv: await file.text() }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Dialog
      title={`Import CSV into “${table.name}”`}
      onClose={onClose}
      footer={
        result === null ? (
          <>
            <button type="button" className="btn" onClick={onClose} disabled={importTable.isPending}>
              Cancel
            </button>
            <button type="submit" form={formId} className="btn primary" disabled={importTable.isPending}>
              Import
            </button>
          </>
        ) : (
          <button type="button" className="btn primary" onClick={onClose}>
            Done
          </button>
        )
      }
    >
      {result === null ? (
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
          <div className="field">
            <label htmlFor={inputId}>CSV file</label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={`${inputId}-hint`}
              aria-invalid={error !== undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(undefined);
              }}
            />
            <div id={`${inputId}-hint`} className="field-hint">
              The first row names the fields; names the table lacks become new text fields.
            </div>
            {error === undefined ? null : (
              <div className="field-error" role="alert">
                {error}
              </div>
            )}
          </div>
        </form>
      ) : (
        <p role="status">{importSummary(result)}</p>
      )}
    </Dialog>
  );
}
