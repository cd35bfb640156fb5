/**
 * The pending invitations of a project or of the platform, each with the role it grants, when it
 * was sent, and a "Revoke" button (asks first). Use it under the members or users table.
 */
import type { UserInvitation } from '@piecework/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/session-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { DateText } from '../../components/date-text';
import { INVITATIONS_KEY, usePendingInvitations, type InvitationScope } from './use-invitations';
import { DataTable } from '../../components/data-table';

/** The role an invitation grants, in words. */
function roleOf(invitation: UserInvitation): string {
  return invitation.projectRole?.name ?? invitation.platformRole ?? '—';
}

/** The "Pending invitations" section of `scope`. */
export function InvitationsSection({ scope }: { scope: InvitationScope }) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const invitations = usePendingInvitations(scope);
  const [revoking, setRevoking] = useState<UserInvitation | null>(null);
  const revoke = useMutation({
    mutationFn: (invitation: UserInvitation) => client.userInvitations.delete(invitation.id),
    onSuccess: async (_, invitation) => {
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
      toast(`Revoked the invitation of ${invitation.email}`);
    },
    onError: toastError,
  });
  return (
    <section className="settings-section" aria-labelledby="pending-invitations">
      <h2 id="pending-invitations">Pending invitations</h2>
      <QueryState query={invitations} label="Loading invitations">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">No invitation is waiting for an answer.</p>
          ) : (
            <DataTable
              columns={[
                { label: 'Email' },
                { label: 'Role' },
                { label: 'Invited', className: 'hide-narrow' },
                { label: 'Actions', className: 'actions', hideLabel: true },
              ]}
            >
              {page.data.map((invitation) => (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{roleOf(invitation)}</td>
                  <td className="hide-narrow">
                    <DateText iso={invitation.created} />
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Revoke the invitation of ${invitation.email}`}
                      onClick={() => setRevoking(invitation)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
      {revoking === null ? null : (
        <ConfirmDialog
          title="Revoke the invitation?"
          message={`The link sent to ${revoking.email} will stop working.`}
          confirmLabel="Revoke"
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking)}
          onClose={() => setRevoking(null)}
        />
      )}
    </section>
  );
}
