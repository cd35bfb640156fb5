/**
 * "End with reason": asks why the chosen stuck runs are ended, then ends them (CANCELED, the
 * reason recorded on each run and shown on its page).
 */
import { MAX_END_REASON_CHARS } from '@piecework/shared';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { useToast } from '../../components/toast';
import { TextAreaField } from '../ai-providers/text-area-field';
import { useEndStuckRuns } from './use-stuck-runs';

/** Props of {@link EndStuckRunsDialog}. */
export interface EndStuckRunsDialogProps {
  projectId: string;
  runIds: string[];
  /** Called once the runs were ended (or the dialog dismissed). */
  onClose: (ended: boolean) => void;
}

/** The dialog that ends `runIds` with the reason typed in it. */
export function EndStuckRunsDialog({ projectId, runIds, onClose }: EndStuckRunsDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const end = useEndStuckRuns(projectId);
  const { toast } = useToast();
  const count = runIds.length === 1 ? '1 run' : `${String(runIds.length)} runs`;
  const submit = () => {
    if (reason.trim() === '') {
      setError('Say why the runs are ended: it is kept on each run.');
      return;
    }
    end.mutate(
      { runIds, reason: reason.trim() },
      {
        onSuccess: (ended) => {
          toast(`Ended ${String(ended.length)} stuck ${ended.length === 1 ? 'run' : 'runs'}`, 'success');
          onClose(true);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <Dialog
      title={`End ${count} with a reason`}
      onClose={() => onClose(false)}
      footer={
        <>
          <button type="button" className="btn" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="button" className="btn danger" disabled={end.isPending} onClick={submit}>
            End {count}
          </button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextAreaField
          label="Reason"
          hint="Recorded on each run, e.g. “The worker died; the order was re-sent by hand”."
          value={reason}
          maxLength={MAX_END_REASON_CHARS}
          required
          rows={3}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
