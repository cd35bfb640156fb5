/**
 * "New API key": a name, then the key's value shown this once (`POST /v1/api-keys` answers it;
 * the server keeps only its hash), with a copy button and a warning that it will not be shown
 * again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../api/session-context';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { CopyField } from './copy-field';

/** The query key of the API key list. */
export const API_KEYS_KEY = ['api-keys'] as const;

/** The dialog that creates an API key and shows its value once. */
export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const client = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (displayName: string) => client.apiKeys.create({ displayName }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
  if (create.isSuccess) {
    return (
      <Dialog
        title="Copy your new API key"
        onClose={onClose}
        footer={
          <button type="button" className="btn primary" onClick={onClose}>
            Done
          </button>
        }
      >
        <div className="notice warning" role="alert">
          Copy the key now: it will not be shown again. Anyone with it acts as an admin of your platform.
        </div>
        <CopyField label={`API key ${create.data.displayName}`} value={create.data.value} />
      </Dialog>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setProblem(trimmed === '' ? 'Enter a name' : undefined);
    if (trimmed !== '') create.mutate(trimmed);
  };
  return (
    <Dialog
      title="New API key"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="api-key-form" className="btn primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create'}
          </button>
        </>
      }
    >
      <form id="api-key-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem}
          hint="What uses the key, e.g. “CI deploys”."
          required
          autoFocus
        />
        {create.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(create.error)}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
