/**
 * `/platform/api-keys` (platform admins): the platform's API keys (never their values, only the
 * last characters), "New API key" (its value shown once) and deletion (asks first). A key acts as
 * an admin of the platform on the API (`Authorization: Bearer sk-...`).
 */
import { useState } from 'react';
import { useApi } from '../../api/session-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { AdminQueryState, isForbidden } from './admin-query-state';
import { API_KEYS_KEY, CreateApiKeyDialog } from './create-api-key-dialog';
import { KeyTable } from './key-table';
import { useKeyList } from './use-key-list';
import './settings.css';

/** The page of `/platform/api-keys`. */
export function Page() {
  const client = useApi();
  const { keys, paging, deleting, setDeleting, remove } = useKeyList({
    queryKey: API_KEYS_KEY,
    list: (cursor) => client.apiKeys.list({ limit: 50, ...(cursor === undefined ? {} : { cursor }) }),
    remove: (key) => client.apiKeys.delete(key.id),
    deletedMessage: (key) => `Deleted the key ${key.displayName}`,
  });
  const [creating, setCreating] = useState(false);
  return (
    <section>
      <PageHeader
        title="API keys"
        description="Keys let scripts and other servers call the API as an admin of your platform."
        actions={
          isForbidden(keys.error) ? undefined : (
            <button type="button" className="btn primary" onClick={() => setCreating(true)}>
              New API key
            </button>
          )
        }
      />
      <AdminQueryState query={keys} label="Loading API keys">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">No API key yet.</p>
          ) : (
            <KeyTable
              page={page}
              noun="API key"
              valueLabel="Key"
              value={(key) => key.truncatedValue}
              onDelete={setDeleting}
              onGo={paging.go}
            />
          )
        }
      </AdminQueryState>
      {creating ? <CreateApiKeyDialog onClose={() => setCreating(false)} /> : null}
      {deleting === null ? null : (
        <ConfirmDialog
          title="Delete the API key?"
          message={`Whatever uses ${deleting.displayName} will be refused from now on.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
