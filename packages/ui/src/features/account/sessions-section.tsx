/**
 * The "Sessions" section of `/account`: where the signed-in user is signed in (browser and system
 * told from the user agent, address, last activity), "This device" on the session of this tab,
 * "Sign out" of any other one, and "Sign out of all other sessions". A session signed out here is
 * refused by the server at its next request, and that browser lands on the sign-in page.
 */
import type { UserSession } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { formatDateTime, formatRelative } from '../../format/format-time';
import { userAgentSummary } from './user-agent-summary';
import '../settings/settings.css';

const SESSIONS_KEY = ['user-sessions'] as const;

/** The signed-in user's sessions. */
export function SessionsSection() {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => client.sessions.list() });
  const revoke = useMutation({
    mutationFn: (session: UserSession) => client.sessions.revoke(session.id),
    onSuccess: async (_, session) => {
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      toast(`Signed out of ${userAgentSummary(session.userAgent)}`);
    },
    onError: toastError,
  });
  const endOthers = useMutation({
    mutationFn: () => client.sessions.endOthers(),
    onSuccess: async ({ ended }) => {
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      toast(ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${String(ended)} other sessions`);
    },
    onError: toastError,
  });
  const others = sessions.data?.data.filter((session) => !session.current).length ?? 0;
  return (
    <section className="settings-section" aria-labelledby="account-sessions">
      <div className="section-title">
        <h2 id="account-sessions">Sessions</h2>
        <button
          type="button"
          className="btn"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Sign out of all other sessions
        </button>
      </div>
      <p className="muted">
        Where you are signed in. Signing out of a session ends it at once: that browser has to sign in again.
      </p>
      <QueryState query={sessions} label="Loading sessions">
        {({ data }) =>
          data.length === 0 ? (
            <p className="empty">No session is recorded for this sign-in.</p>
          ) : (
            <DataTable
              columns={[
                { label: 'Device' },
                { label: 'IP address' },
                { label: 'Last active' },
                { label: 'Signed in', className: 'hide-narrow' },
                { label: 'Actions', className: 'actions', hideLabel: true },
              ]}
            >
              {data.map((session) => {
                const device = userAgentSummary(session.userAgent);
                return (
                  <tr key={session.id}>
                    <td>
                      <span title={session.userAgent}>{device}</span>{' '}
                      {session.current ? <span className="badge info">This device</span> : null}
                    </td>
                    <td>{session.ip}</td>
                    <td>
                      <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                        {formatRelative(session.lastSeenAt)}
                      </time>
                    </td>
                    <td className="hide-narrow">
                      <time dateTime={session.created}>{formatDateTime(session.created)}</time>
                    </td>
                    <td className="actions">
                      {session.current ? null : (
                        <button
                          type="button"
                          className="btn small"
                          aria-label={`Sign out of ${device} (${session.ip})`}
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate(session)}
                        >
                          Sign out
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )
        }
      </QueryState>
    </section>
  );
}
