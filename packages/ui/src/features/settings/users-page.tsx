/**
 * `/platform/users` (platform admins): the platform's users, searchable by email, with their
 * platform role (changed in place), activation, ending their sessions and deletion (both ask
 * first), the pending platform
 * invitations and "Invite user". Anyone else sees that the page is for admins (the API's 403).
 */
import type { Page as ListPage, UpdateUserRequest, User } from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useApi, useSession } from '../../api/session-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast';
import { AdminQueryState, isForbidden } from './admin-query-state';
import { InvitationsSection } from './invitations-section';
import { InviteDialog } from './invite-dialog';
import { Pager } from '../../components/pager';
import { PLATFORM_ROLE_OPTIONS, platformRoleWord } from './platform-roles';
import { useCursor } from './use-cursor';
import { userName, UsersTable } from './users-table';
import './settings.css';

const USERS_KEY = ['users'] as const;

/** The page of `/platform/users`. */
export function Page() {
  const client = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const [search, setSearch] = useState('');
  const email = useDeferredValue(search.trim());
  const paging = useCursor();
  const users = useQuery({
    queryKey: [...USERS_KEY, { email, cursor: paging.cursor }],
    queryFn: (): Promise<ListPage<User>> =>
      client.users.list({
        limit: 50,
        ...(email === '' ? {} : { email }),
        ...(paging.cursor === undefined ? {} : { cursor: paging.cursor }),
      }),
    placeholderData: keepPreviousData,
  });
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [endingSessions, setEndingSessions] = useState<User | null>(null);
  const update = useMutation({
    mutationFn: ({ user, change }: { user: User; change: UpdateUserRequest }) =>
      client.users.update(user.id, change),
    onSuccess: async (user, { change }) => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      toast(
        change.status === undefined
          ? `${userName(user)} is now ${platformRoleWord(user.platformRole)}`
          : `${userName(user)} is ${user.status === 'ACTIVE' ? 'active' : 'deactivated'}`,
      );
    },
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: (user: User) => client.users.delete(user.id),
    onSuccess: async (_, user) => {
      setDeleting(null);
      paging.reset();
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      toast(`Deleted ${userName(user)}`);
    },
    onError: toastError,
  });
  const endSessions = useMutation({
    mutationFn: (user: User) => client.sessions.endForUser(user.id),
    onSuccess: ({ ended }, user) => {
      setEndingSessions(null);
      toast(`${userName(user)} is signed out of ${ended === 1 ? '1 session' : `${String(ended)} sessions`}`);
    },
    onError: toastError,
  });
  const busyId = update.isPending
    ? update.variables.user.id
    : remove.isPending
      ? remove.variables.id
      : undefined;
  const forbidden = isForbidden(users.error);
  return (
    <section>
      <PageHeader
        title="Users"
        description="Everyone on your platform: their platform role and whether they can sign in."
        actions={
          forbidden ? undefined : (
            <button type="button" className="btn primary" onClick={() => setInviting(true)}>
              Invite user
            </button>
          )
        }
      />
      {forbidden ? null : (
        <div className="toolbar">
          <TextField
            label="Search by email"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              paging.reset();
            }}
          />
        </div>
      )}
      <AdminQueryState query={users} label="Loading users">
        {(page) => (
          <>
            {page.data.length === 0 ? (
              <p className="empty">No user’s email contains “{email}”.</p>
            ) : (
              <UsersTable
                users={page.data}
                selfId={session?.id}
                busyId={busyId}
                onChangeRole={(user, platformRole) => update.mutate({ user, change: { platformRole } })}
                onToggleStatus={(user) =>
                  update.mutate({
                    user,
                    change: { status: user.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' },
                  })
                }
                onEndSessions={setEndingSessions}
                onDelete={setDeleting}
              />
            )}
            <Pager page={page} onGo={paging.go} label="Users" />
            <InvitationsSection scope={{ type: 'PLATFORM' }} />
          </>
        )}
      </AdminQueryState>
      {inviting ? (
        <InviteDialog
          scope={{ type: 'PLATFORM' }}
          roles={PLATFORM_ROLE_OPTIONS}
          defaultRole="MEMBER"
          onClose={() => setInviting(false)}
        />
      ) : null}
      {endingSessions === null ? null : (
        <ConfirmDialog
          title="End the user’s sessions?"
          message={`${userName(endingSessions)} (${endingSessions.email}) will be signed out everywhere at once and has to sign in again.`}
          confirmLabel="End sessions"
          busy={endSessions.isPending}
          onConfirm={() => endSessions.mutate(endingSessions)}
          onClose={() => setEndingSessions(null)}
        />
      )}
      {deleting === null ? null : (
        <ConfirmDialog
          title="Delete the user?"
          message={`${userName(deleting)} (${deleting.email}) will be deleted with their personal projects and memberships. Flows and connections they made in other projects stay.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
