/**
 * "New API key": a name, then the key's value shown this once (`POST /v1/api-keys` answers it;
 * the server keeps only its hash), with a copy button and a warning that it will not be shown
 * again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { CreateSecretDialog } from './create-secret-dialog';

/** The query key of the API key list. */
export const API_KEYS_KEY = ['api-keys'] as const;

/** The dialog that creates an API key and shows its value once. */
export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const client = useApi();
  const queryClient = useQueryClient();
  return (
    <CreateSecretDialog
      title="New API key"
      nameHint="What uses the key, e.g. “CI deploys”."
      create={async (displayName) => {
        const key = await client.apiKeys.create({ displayName });
        await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
        return { displayName: key.displayName, secret: key.value };
      }}
      createdTitle="Copy your new API key"
      warning="Copy the key now: it will not be shown again. Anyone with it acts as an admin of your platform."
      secretLabel={(name) => `API key ${name}`}
      onClose={onClose}
    />
  );
}
