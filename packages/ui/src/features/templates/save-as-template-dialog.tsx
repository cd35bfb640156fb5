/**
 * "Save as template" of a flow in the flows list: a name (the flow's to start with), a summary and
 * whether the tables the flow's steps use go with their rows. Saves through
 * `POST /v1/templates/from-flows` (the flow's tables' definitions go along; connections never do)
 * (the platform's own, CUSTOM, for a platform admin; SHARED for others) and says where to find it; the server's refusal stays in the dialog.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { useSession } from '../../api/session-context';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { useSaveAsTemplate } from './use-templates';
import './templates.css';

/** Props of {@link SaveAsTemplateDialog}. */
export interface SaveAsTemplateDialogProps {
  projectId: string;
  flow: PopulatedFlow;
  onClose: () => void;
}

/** The dialog saving `flow` as a template. */
export function SaveAsTemplateDialog({ projectId, flow, onClose }: SaveAsTemplateDialogProps) {
  const save = useSaveAsTemplate(projectId);
  // Platform admins save the platform's own (CUSTOM) templates; other users share theirs (SHARED).
  const type = useSession().session?.platformRole === 'ADMIN' ? 'CUSTOM' : 'SHARED';
  const [name, setName] = useState(flow.version.displayName);
  const [summary, setSummary] = useState('');
  const [includeTableData, setIncludeTableData] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [savedName, setSavedName] = useState<string | null>(null);
  const formId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Template name cannot be empty.');
      return;
    }
    try {
      const template = await save.mutateAsync({
        flowIds: [flow.id],
        name: name.trim(),
        summary: summary.trim(),
        includeTableData,
        type,
      });
      setSavedName(template.name);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Dialog
      title="Save as template"
      onClose={onClose}
      footer={
        savedName === null ? (
          <>
            <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
              Cancel
            </button>
            <button type="submit" form={formId} className="btn primary" disabled={save.isPending}>
              Save template
            </button>
          </>
        ) : (
          <button type="button" className="btn primary" onClick={onClose}>
            Done
          </button>
        )
      }
    >
      {savedName === null ? (
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label="Template name"
            value={name}
            required
            autoFocus
            error={error}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
          <TextField label="Summary" value={summary} onChange={(event) => setSummary(event.target.value)} />
          <label className="checkbox-field">
            <input
              type="checkbox"
              checked={includeTableData}
              onChange={(event) => setIncludeTableData(event.target.checked)}
            />{' '}
            Include the rows of the tables the flow uses
          </label>
        </form>
      ) : (
        <p role="status">
          Saved “{savedName}”. Find it in <Link to={`/projects/${projectId}/templates`}>Templates</Link>.
        </p>
      )}
    </Dialog>
  );
}
