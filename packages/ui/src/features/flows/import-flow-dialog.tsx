/**
 * "Import flow": pick a JSON export (this app's, Activepieces', a template or a
 * solution) and import it into the folder shown. A file that cannot be imported shows why in the
 * dialog (the parse error, the migrator's refusal or the server's message) and leaves no flow.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { parseExportText } from './import-flows';
import { useImportFlows } from './use-flows';

/** Props of {@link ImportFlowDialog}. */
export interface ImportFlowDialogProps {
  projectId: string;
  /** The folder of the imported flows (null: none). */
  folderId: string | null;
  /** Called with the new flows once imported (the dialog then closes). */
  onImported: (flows: PopulatedFlow[]) => void;
  onClose: () => void;
}

/** The import dialog. */
export function ImportFlowDialog({ projectId, folderId, onImported, onClose }: ImportFlowDialogProps) {
  const inputId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const importing = useImportFlows(projectId);
  const run = async () => {
    if (file === null) {
      setError('Choose a file to import.');
      return;
    }
    setError(undefined);
    try {
      const json = parseExportText(await file.text());
      const flows = await importing.mutateAsync({ json, folderId });
      onImported(flows);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Dialog
      title="Import flow"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={importing.isPending}>
            Cancel
          </button>
          <button
            type="button"
            className="btn primary"
            onClick={() => void run()}
            disabled={importing.isPending}
          >
            {importing.isPending ? 'Importing…' : 'Import'}
          </button>
        </>
      }
    >
      <p className="muted">
        A flow exported from Piecework or Activepieces (a <code>.json</code> file): an exported flow or
        template, a solution, or a flow&apos;s JSON. Each flow in the file becomes a new flow.
      </p>
      <div className="field">
        <label htmlFor={inputId}>Flow file (JSON)</label>
        <input
          id={inputId}
          type="file"
          accept="application/json,.json"
          aria-describedby={error === undefined ? undefined : errorId}
          aria-invalid={error !== undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(undefined);
          }}
        />
      </div>
      {error === undefined ? null : (
        <div id={errorId} className="notice error" role="alert">
          <span>{error}</span>
        </div>
      )}
    </Dialog>
  );
}
