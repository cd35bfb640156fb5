/**
 * The signing keys of `/platform/embedding`: the platform's keys (name, id — the `kid` a host puts
 * in its JWT's header — and creation date), "New signing key" (its private key shown once: the
 * server keeps only the public half) and deletion (asks first; tokens signed with it are refused).
 */
import type { Page as ListPage, SigningKey } from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/session-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { Pager } from '../../components/pager';
import { useToast } from '../../components/toast';
import { AdminQueryState } from './admin-query-state';
import { CreateSecretDialog } from './create-secret-dialog';
import { useCursor } from './use-cursor';

const SIGNING_KEYS_KEY = ['signing-keys'] as const;

/** The signing keys section. */
export function SigningKeysSection() {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const paging = useCursor();
  const keys = useQuery({
    queryKey: [...SIGNING_KEYS_KEY, paging.cursor],
    queryFn: (): Promise<ListPage<SigningKey>> =>
      client.signingKeys.list({
        limit: 50,
        ...(paging.cursor === undefined ? {} : { cursor: paging.cursor }),
      }),
    placeholderData: keepPreviousData,
  });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SigningKey | null>(null);
  const remove = useMutation({
    mutationFn: (key: SigningKey) => client.signingKeys.delete(key.id),
    onSuccess: async (_, key) => {
      setDeleting(null);
      paging.reset();
      await queryClient.invalidateQueries({ queryKey: SIGNING_KEYS_KEY });
      toast(`Deleted the signing key ${key.displayName}`);
    },
    onError: toastError,
  });
  return (
    <section className="settings-section" aria-labelledby="signing-keys">
      <div className="section-title">
        <h2 id="signing-keys">Signing keys</h2>
        <button type="button" className="btn primary" onClick={() => setCreating(true)}>
          New signing key
        </button>
      </div>
      <p className="muted">
        Your backend signs a short-lived JWT (RS256) for each of its users with a key&rsquo;s private half,
        its id as the <code>kid</code> header; the embedded app exchanges it for a session.
      </p>
      <AdminQueryState query={keys} label="Loading signing keys">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">No signing key yet.</p>
          ) : (
            <>
              <DataTable
                columns={[
                  { label: 'Name' },
                  { label: 'Key id (kid)' },
                  { label: 'Created', className: 'hide-narrow' },
                  { label: 'Actions', className: 'actions', hideLabel: true },
                ]}
              >
                {page.data.map((key) => (
                  <tr key={key.id}>
                    <td>{key.displayName}</td>
                    <td className="mono">{key.id}</td>
                    <td className="hide-narrow">
                      <DateText iso={key.created} />
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        className="btn small"
                        aria-label={`Delete the signing key ${key.displayName}`}
                        onClick={() => setDeleting(key)}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} onGo={paging.go} label="signing keys" />
            </>
          )
        }
      </AdminQueryState>
      {creating ? (
        <CreateSecretDialog
          title="New signing key"
          nameHint="What signs with it, e.g. “Production backend”."
          create={async (displayName) => {
            const key = await client.signingKeys.create({ displayName });
            await queryClient.invalidateQueries({ queryKey: SIGNING_KEYS_KEY });
            return { displayName: `${key.displayName} (kid ${key.id})`, secret: key.privateKey };
          }}
          createdTitle="Copy your new private key"
          warning="Copy the private key now and keep it on your server: it will not be shown again. Anyone with it can sign your users in."
          secretLabel={(name) => `Private key of ${name}`}
          multiline
          onClose={() => setCreating(false)}
        />
      ) : null}
      {deleting === null ? null : (
        <ConfirmDialog
          title="Delete the signing key?"
          message={`Tokens signed with ${deleting.displayName} will be refused from now on.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
