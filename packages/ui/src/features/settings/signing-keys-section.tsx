/**
 * The signing keys of `/platform/embedding`: the platform's keys (name, id — the `kid` a host puts
 * in its JWT's header — and creation date), "New signing key" (its private key shown once: the
 * server keeps only the public half) and deletion (asks first; tokens signed with it are refused).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/session-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AdminQueryState } from './admin-query-state';
import { CreateSecretDialog } from './create-secret-dialog';
import { KeyTable } from './key-table';
import { useKeyList } from './use-key-list';

const SIGNING_KEYS_KEY = ['signing-keys'] as const;

/** The signing keys section. */
export function SigningKeysSection() {
  const client = useApi();
  const queryClient = useQueryClient();
  const { keys, paging, deleting, setDeleting, remove } = useKeyList({
    queryKey: SIGNING_KEYS_KEY,
    list: (cursor) => client.signingKeys.list({ limit: 50, ...(cursor === undefined ? {} : { cursor }) }),
    remove: (key) => client.signingKeys.delete(key.id),
    deletedMessage: (key) => `Deleted the signing key ${key.displayName}`,
  });
  const [creating, setCreating] = useState(false);
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
            <KeyTable
              page={page}
              noun="signing key"
              valueLabel="Key id (kid)"
              value={(key) => key.id}
              onDelete={setDeleting}
              onGo={paging.go}
            />
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
