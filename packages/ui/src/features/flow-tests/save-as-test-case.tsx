/**
 * "Save as test case" on a finished run's page: asks for a name (empty: the server names it after
 * the run), saves the run as a test case of its flow (its trigger output, its piece steps'
 * recordings, and as expectations each step's output and the run's status and response), then
 * offers the flow's Tests tab in the builder, where the case runs against the draft.
 */
import type { FlowRun } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { useSaveRunAsTestCase } from './use-flow-tests';

/** Props of {@link SaveAsTestCase}. */
export interface SaveAsTestCaseProps {
  projectId: string;
  /** A finished run whose flow still exists. */
  run: FlowRun;
}

/** The run page's "Save as test case" button, its dialog, and the link to the Tests tab after. */
export function SaveAsTestCase({ projectId, run }: SaveAsTestCaseProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveRunAsTestCase(run.flowId);
  const { toast } = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const displayName = name.trim();
    save.mutate(
      { runId: run.id, ...(displayName === '' ? {} : { displayName }) },
      {
        onSuccess: (saved) => {
          setOpen(false);
          toast(`Saved as test case “${saved.displayName}”`);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  if (save.isSuccess) {
    return (
      <Link className="btn" to={`/projects/${projectId}/flows/${run.flowId}?panel=tests`}>
        Open in the Tests tab
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn"
        title="Keep this run's data to test the flow's draft with"
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        Save as test case
      </button>
      {open ? (
        <Dialog
          title="Save as test case"
          onClose={() => setOpen(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setOpen(false)} disabled={save.isPending}>
                Cancel
              </button>
              <button
                type="submit"
                form="save-test-case-form"
                className="btn primary"
                disabled={save.isPending}
              >
                {save.isPending ? 'Saving…' : 'Save'}
              </button>
            </>
          }
        >
          <form id="save-test-case-form" onSubmit={submit} noValidate>
            <p className="muted">
              The test case keeps this run’s trigger data and what its piece steps answered, and expects each
              step’s output and the run’s result to stay the same.
            </p>
            <TextField
              label="Test case name"
              value={name}
              maxLength={200}
              autoFocus
              hint="Leave empty to name it after the run."
              error={error}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
            />
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
