/** Renames a connection (`POST /v1/app-connections/:id {displayName}`); flows keep using it by its external id. */
import type { AppConnection } from '@piecework/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../api/session-context';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { connectionsKey } from '../connections/use-connections';

/** The rename dialog of `connection`. */
export function RenameConnectionDialog({
  connection,
  projectId,
  onClose,
}: {
  connection: AppConnection;
  projectId: string;
  onClose: () => void;
}) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [name, setName] = useState(connection.displayName);
  const [problem, setProblem] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: (displayName: string) => client.appConnections.update(connection.id, { displayName }),
    onSuccess: async (renamed) => {
      await queryClient.invalidateQueries({ queryKey: connectionsKey(projectId) });
      toast(`Renamed to ${renamed.displayName}`);
      onClose();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setProblem(trimmed === '' ? 'Enter a name' : undefined);
    if (trimmed !== '') rename.mutate(trimmed);
  };
  const formId = `rename-${connection.id}`;
  return (
    <Dialog
      title="Rename the connection"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn primary" disabled={rename.isPending}>
            Save
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
        {rename.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(rename.error)}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
