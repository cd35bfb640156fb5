/**
 * "Create release": choose another project of the platform and a name, **Review changes** shows
 * what releasing that project's flows and tables into this one would do (nothing changes yet),
 * and **Apply** releases it. The server's refusal stays in the dialog.
 */
import type { ProjectReleasePlan } from '@piecework/shared';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useProjects } from '../../api/use-projects';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { ReleasePlanView } from './release-plan-view';
import { ReleaseReviewFooter } from './release-review-footer';
import { useApplyRelease, useReleasePlan } from './use-releases';

/** Props of {@link CreateReleaseDialog}. */
export interface CreateReleaseDialogProps {
  projectId: string;
  onClose: () => void;
}

/** The dialog releasing another project into `projectId`. */
export function CreateReleaseDialog({ projectId, onClose }: CreateReleaseDialogProps) {
  const projects = (useProjects().data ?? []).filter((project) => project.id !== projectId);
  const { toast } = useToast();
  const planner = useReleasePlan(projectId);
  const apply = useApplyRelease(projectId);
  const [sourceProjectId, setSourceProjectId] = useState('');
  const [name, setName] = useState('');
  const [plan, setPlan] = useState<ProjectReleasePlan | null>(null);
  const [error, setError] = useState<string | undefined>();
  const formId = useId();
  const busy = planner.isPending || apply.isPending;
  const review = async (event: FormEvent) => {
    event.preventDefault();
    if (sourceProjectId === '') {
      setError('Choose the project to release from.');
      return;
    }
    if (name.trim() === '') {
      setError('Release name cannot be empty.');
      return;
    }
    setError(undefined);
    try {
      setPlan(await planner.mutateAsync(sourceProjectId));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const applyPlan = async () => {
    try {
      await apply.mutateAsync({ sourceProjectId, name: name.trim() });
      toast(`Released “${name.trim()}”`);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Dialog
      title="Create release"
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
      <form id={formId} onSubmit={(event) => void review(event)} noValidate>
        <SelectField
          label="Release from project"
          value={sourceProjectId}
          placeholder="Choose a project"
          options={projects.map((project) => ({ value: project.id, label: project.displayName }))}
          disabled={plan !== null}
          onValueChange={(value) => {
            setSourceProjectId(value);
            setError(undefined);
          }}
        />
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
