/**
 * "Pull from Git" of the releases page: **Review changes** shows what releasing the project's git
 * branch (its `projects/<slug>/` folder) into the project would do, changing nothing yet, and
 * **Apply** releases it under the name given. The server's refusal stays in the dialog.
 */
import type { GitRepo, ProjectReleasePlan } from '@piecework/shared';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { ReleasePlanView } from './release-plan-view';
import { ReleaseReviewFooter } from './release-review-footer';
import { useApplyGitRelease, useGitReleasePlan } from './use-releases';

/** Props of {@link PullFromGitDialog}. */
export interface PullFromGitDialogProps {
  projectId: string;
  repo: GitRepo;
  onClose: () => void;
}

/** The dialog releasing `repo`'s branch into `projectId`. */
export function PullFromGitDialog({ projectId, repo, onClose }: PullFromGitDialogProps) {
  const planner = useGitReleasePlan(projectId);
  const apply = useApplyGitRelease(projectId);
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [plan, setPlan] = useState<ProjectReleasePlan | null>(null);
  const [error, setError] = useState<string | undefined>();
  const formId = useId();
  const busy = planner.isPending || apply.isPending;
  const review = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Release name cannot be empty.');
      return;
    }
    setError(undefined);
    try {
      setPlan(await planner.mutateAsync());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const applyPlan = async () => {
    try {
      await apply.mutateAsync(name.trim());
      toast(`Released “${name.trim()}” from ${repo.branch}`);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Dialog
      title="Pull from Git"
      size="wide"
      onClose={onClose}
      footer={
        <ReleaseReviewFooter
          formId={formId}
          plan={plan}
          busy={busy}
          onCancel={onClose}
          onApply={() => void applyPlan()}
        />
      }
    >
      <p>
        Releases projects/{repo.slug}/ of <strong>{repo.branch}</strong> ({repo.remoteUrl}) into this project.
      </p>
      <form id={formId} onSubmit={(event) => void review(event)} noValidate>
        <TextField
          label="Release name"
          value={name}
          maxLength={200}
          disabled={plan !== null}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
      </form>
      {error === undefined ? null : (
        <div className="notice error" role="alert">
          {error}
        </div>
      )}
      {plan === null ? null : <ReleasePlanView plan={plan} />}
    </Dialog>
  );
}
