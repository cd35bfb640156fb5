/**
 * Edits a test case's expectations as JSON (an array of `STEP_OUTPUT`, `RESPONSE` and
 * `RUN_STATUS` objects): text that is not JSON is refused before sending, and what the server
 * refuses is shown under the field, one line per issue, with the dialog left open.
 */
import type { FlowTestCase, FlowTestExpectation } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { FieldFrame } from '../../components/field';
import { expectationIssues } from './expectation-issues';
import { useUpdateTestCase } from './use-flow-tests';

/** Props of {@link ExpectationsDialog}. */
export interface ExpectationsDialogProps {
  testCase: FlowTestCase;
  onClose: () => void;
  /** Runs after the server saved the expectations. */
  onSaved: () => void;
}

const HINT =
  'A JSON array. Each item is {"type": "STEP_OUTPUT", "stepName", "path"?, "equals"}, {"type": "RESPONSE", "status"?, "body"?} or {"type": "RUN_STATUS", "status"}.';

/** The expectations editor; closes itself once saved. */
export function ExpectationsDialog({ testCase, onClose, onSaved }: ExpectationsDialogProps) {
  const [text, setText] = useState(() => JSON.stringify(testCase.expectations, null, 2));
  const [errors, setErrors] = useState<string[]>([]);
  const update = useUpdateTestCase(testCase.flowId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let expectations: unknown;
    try {
      expectations = JSON.parse(text);
    } catch (failure) {
      setErrors([`This is not valid JSON: ${failure instanceof Error ? failure.message : String(failure)}`]);
      return;
    }
    update.mutate(
      // The server checks the shape and answers what is wrong with it.
      { id: testCase.id, change: { expectations: expectations as FlowTestExpectation[] } },
      {
        onSuccess: () => {
          onSaved();
          onClose();
        },
        onError: (failure) => setErrors(expectationIssues(failure)),
      },
    );
  };
  return (
    <Dialog
      title={`Expectations of ${testCase.displayName}`}
      size="wide"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={update.isPending}>
            Cancel
          </button>
          <button type="submit" form="expectations-form" className="btn primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id="expectations-form" className="expectations-field" onSubmit={submit} noValidate>
        <FieldFrame
          label="Expectations (JSON)"
          hint={HINT}
          error={errors.length === 0 ? undefined : errors.join('\n')}
        >
          {({ id, describedBy }) => (
            <textarea
              id={id}
              className="json-textarea"
              aria-describedby={describedBy}
              aria-invalid={errors.length > 0}
              spellCheck={false}
              rows={18}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setErrors([]);
              }}
            />
          )}
        </FieldFrame>
      </form>
    </Dialog>
  );
}
