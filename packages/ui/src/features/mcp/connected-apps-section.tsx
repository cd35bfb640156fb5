/**
 * "Connected apps": the OAuth clients connected to the project (client, the user who approved it,
 * when, when last used) with "Disconnect" (asks first; the client's tokens stop working at once).
 * Without `canWrite` the Disconnect buttons are disabled.
 */
import type { McpOAuthGrant } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../api/session-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';

/** A client's name as shown (registration without a name: its id). */
function clientLabel(grant: McpOAuthGrant): string {
  return grant.clientName ?? grant.clientId;
}

/** The connected apps of `projectId`. */
export function ConnectedAppsSection({ projectId, canWrite }: { projectId: string; canWrite: boolean }) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const headingId = useId();
  const key = ['mcp-grants', projectId] as const;
  const grants = useQuery({ queryKey: key, queryFn: () => client.mcpOAuth.listGrants({ projectId }) });
  const [disconnecting, setDisconnecting] = useState<McpOAuthGrant | null>(null);
  const revoke = useMutation({
    mutationFn: (grant: McpOAuthGrant) => client.mcpOAuth.revokeGrant(grant.id),
    onSuccess: async (_, grant) => {
      setDisconnecting(null);
      await queryClient.invalidateQueries({ queryKey: key });
      toast(`Disconnected ${clientLabel(grant)}`);
    },
    onError: toastError,
  });
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Connected apps</h2>
      <QueryState query={grants} label="Loading connected apps">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">No app is connected through OAuth yet.</p>
          ) : (
            <DataTable
              columns={[
                { label: 'Client' },
                { label: 'User' },
                { label: 'Connected', className: 'hide-narrow' },
                { label: 'Last used' },
                { label: 'Actions', className: 'actions', hideLabel: true },
              ]}
            >
              {page.data.map((grant) => (
                <tr key={grant.id}>
                  <td>{clientLabel(grant)}</td>
                  <td>{grant.userEmail ?? '—'}</td>
                  <td className="hide-narrow">
                    <DateText iso={grant.created} />
                  </td>
                  <td>
                    <DateText iso={grant.lastUsedAt} />
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Disconnect ${clientLabel(grant)}`}
                      disabled={!canWrite}
                      onClick={() => setDisconnecting(grant)}
                    >
                      Disconnect
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
      {disconnecting === null ? null : (
        <ConfirmDialog
          title="Disconnect the app?"
          message={`${clientLabel(disconnecting)} will lose access to this project at once. It can connect again only with a new approval.`}
          confirmLabel="Disconnect"
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(disconnecting)}
          onClose={() => setDisconnecting(null)}
        />
      )}
    </section>
  );
}
