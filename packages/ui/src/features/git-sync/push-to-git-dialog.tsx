/**
 * "Push to Git" of a flow's menu: asks for a commit message, then commits the flow (as it is
 * published, or its draft when never published) to the project's branch as the user. The toast
 * says whether a commit was made; the server's refusal (a branch that moved, a key the host does
 * not know) stays in the dialog.
 */
import type { GitRepo, PopulatedFlow } from '@piecework/shared';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { usePushToGit } from './use-git-sync';

/** Props of {@link PushToGitDialog}. */
export interface PushToGitDialogProps {
  repo: GitRepo;
  flow: PopulatedFlow;
  onClose: () => void;
}

/** The dialog pushing `flow` to `repo`'s branch. */
export function PushToGitDialog({ repo, flow, onClose }: PushToGitDialogProps) {
  const name = flow.version.displayName;
  const [message, setMessage] = useState(`Update ${name}`);
  const [error, setError] = useState<string | undefined>();
  const push = usePushToGit();
  const { toast } = useToast();
  const formId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setError('Commit message cannot be empty.');
      return;
    }
    try {
      const { commitId } = await push.mutateAsync({
        repoId: repo.id,
        request: { type: 'PUSH_FLOW', commitMessage: message.trim(), externalFlowIds: [flow.externalId] },
      });
      toast(
        commitId === null
          ? `“${name}” is already up to date on ${repo.branch}`
          : `Pushed “${name}” to ${repo.branch} (${commitId.slice(0, 7)})`,
      );
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Dialog
      title="Push to Git"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={push.isPending}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn primary" disabled={push.isPending}>
            {push.isPending ? 'Pushing…' : 'Push'}
          </button>
        </>
      }
    >
      <p>
        Commits “{name}” to <strong>{repo.branch}</strong> of {repo.remoteUrl}, under projects/{repo.slug}/.
      </p>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Commit message"
          value={message}
          required
          autoFocus
          maxLength={2000}
          error={error}
          onChange={(event) => {
            setMessage(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
