/**
 * `/platform/api-keys` (platform admins): the platform's API keys (never their values, only the
 * last characters), "New API key" (its value shown once) and deletion (asks first). A key acts as
 * an admin of the platform on the API (`Authorization: Bearer sk-...`).
 */
import type { ApiKey, Page as ListPage } from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/session-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast';
import { AdminQueryState, isForbidden } from './admin-query-state';
import { API_KEYS_KEY, CreateApiKeyDialog } from './create-api-key-dialog';
import { DateText } from '../../components/date-text';
import { Pager } from '../../components/pager';
import { useCursor } from './use-cursor';
import './settings.css';
import { DataTable } from '../../components/data-table';

/** The page of `/platform/api-keys`. */
export function Page() {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const paging = useCursor();
  const keys = useQuery({
    queryKey: [...API_KEYS_KEY, paging.cursor],
    queryFn: (): Promise<ListPage<ApiKey>> =>
      client.apiKeys.list({ limit: 50, ...(paging.cursor === undefined ? {} : { cursor: paging.cursor }) }),
    placeholderData: keepPreviousData,
  });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const remove = useMutation({
    mutationFn: (key: ApiKey) => client.apiKeys.delete(key.id),
    onSuccess: async (_, key) => {
      setDeleting(null);
      paging.reset();
      await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      toast(`Deleted the key ${key.displayName}`);
    },
    onError: toastError,
  });
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
            <>
              <DataTable
                columns={[
                  { label: 'Name' },
                  { label: 'Key' },
                  { label: 'Created', className: 'hide-narrow' },
                  { label: 'Actions', className: 'actions', hideLabel: true },
                ]}
              >
                {page.data.map((key) => (
                  <tr key={key.id}>
                    <td>{key.displayName}</td>
                    <td className="mono">{key.truncatedValue}</td>
                    <td className="hide-narrow">
                      <DateText iso={key.created} />
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        className="btn small"
                        aria-label={`Delete the key ${key.displayName}`}
                        onClick={() => setDeleting(key)}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} onGo={paging.go} label="API keys" />
            </>
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
