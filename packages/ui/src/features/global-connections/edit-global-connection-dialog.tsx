/**
 * "Edit" of a global connection: its name and the projects it is available to
 * (`POST /v1/global-connections/:id`); its credentials stay as they are. Flows refer to it by its
 * external id, which does not change.
 */
import type { AppConnection, Project } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { ErrorNotice } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { ProjectChoices } from './project-choices';
import { useUpdateGlobalConnection } from './use-global-connections';

/** The dialog that renames `connection` and sets its projects. */
export function EditGlobalConnectionDialog({
  connection,
  projects,
  onClose,
}: {
  connection: AppConnection;
  projects: readonly Project[];
  onClose: () => void;
}) {
  const update = useUpdateGlobalConnection(connection.id);
  const { toast } = useToast();
  const [name, setName] = useState(connection.displayName);
  const [chosen, setChosen] = useState<string[]>(() => [...connection.projectIds]);
  const [newProjects, setNewProjects] = useState(connection.preSelectForNewProjects);
  const [problem, setProblem] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const displayName = name.trim();
    setProblem(displayName === '' ? 'Enter a name' : undefined);
    if (displayName === '') return;
    update.mutate(
      { displayName, projectIds: chosen, preSelectForNewProjects: newProjects },
      {
        onSuccess: (saved) => {
          toast(`Saved ${saved.displayName}`);
          onClose();
        },
      },
    );
  };
  const formId = `edit-global-${connection.id}`;
  return (
    <Dialog
      title="Edit the global connection"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem}
          hint={`Flows refer to it as ${connection.externalId}, which stays.`}
          required
          autoFocus
        />
        <ProjectChoices
          projects={projects}
          chosen={chosen}
          onChange={setChosen}
          newProjects={newProjects}
          onNewProjectsChange={setNewProjects}
        />
        {update.isError ? <ErrorNotice error={update.error} /> : null}
      </form>
    </Dialog>
  );
}
