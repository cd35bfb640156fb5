/**
 * `/projects/:projectId/members`: the project's members with their role (changed in place),
 * removal (asks first), the pending invitations with "Revoke", and "Invite" (an email and a
 * project role). Writes need the project's Admin role; the server's refusal is shown as it is.
 */
import type { Page as ListPage, ProjectMemberWithUser } from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/session-context';
import { useProjectId } from '../../api/use-projects';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { InvitationsSection } from './invitations-section';
import { InviteDialog } from './invite-dialog';
import { memberName, MembersTable } from './members-table';
import { Pager } from '../../components/pager';
import { useCursor } from './use-cursor';
import { useProjectRoleOptions } from './use-project-roles';
import './settings.css';

/** The page of `/projects/:projectId/members`. */
export function Page() {
  const projectId = useProjectId();
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const paging = useCursor();
  const membersKey = ['project-members', projectId] as const;
  const members = useQuery({
    queryKey: [...membersKey, paging.cursor],
    queryFn: (): Promise<ListPage<ProjectMemberWithUser>> =>
      client.projectMembers.list({
        projectId,
        limit: 50,
        ...(paging.cursor === undefined ? {} : { cursor: paging.cursor }),
      }),
    placeholderData: keepPreviousData,
  });
  const roles = useProjectRoleOptions();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<ProjectMemberWithUser | null>(null);
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: ProjectMemberWithUser; role: string }) =>
      client.projectMembers.update(member.id, { role }),
    onSuccess: async (member) => {
      await queryClient.invalidateQueries({ queryKey: membersKey });
      toast(`${memberName(member)} is now ${member.projectRole.name}`);
    },
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: (member: ProjectMemberWithUser) => client.projectMembers.delete(member.id),
    onSuccess: async (_, member) => {
      setRemoving(null);
      paging.reset();
      await queryClient.invalidateQueries({ queryKey: membersKey });
      toast(`Removed ${memberName(member)} from the project`);
    },
    onError: toastError,
  });
  const busyId = changeRole.isPending
    ? changeRole.variables.member.id
    : remove.isPending
      ? remove.variables.id
      : undefined;
  return (
    <section>
      <PageHeader
        title="Members"
        description="People who work in this project, and what their role lets them do."
        actions={
          <button
            type="button"
            className="btn primary"
            onClick={() => setInviting(true)}
            disabled={roles.data === undefined}
          >
            Invite
          </button>
        }
      />
      <QueryState query={members} label="Loading members">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">
              No member yet besides the project’s owner. Invite people to work with you.
            </p>
          ) : (
            <>
              <MembersTable
                members={page.data}
                roles={roles.data ?? []}
                busyId={busyId}
                onChangeRole={(member, role) => changeRole.mutate({ member, role })}
                onRemove={setRemoving}
              />
              <Pager page={page} onGo={paging.go} label="Members" />
            </>
          )
        }
      </QueryState>
      <InvitationsSection scope={{ type: 'PROJECT', projectId }} />
      {inviting && roles.data !== undefined ? (
        <InviteDialog
          scope={{ type: 'PROJECT', projectId }}
          roles={roles.data}
          defaultRole={
            roles.data.some((role) => role.value === 'Editor') ? 'Editor' : (roles.data[0]?.value ?? '')
          }
          onClose={() => setInviting(false)}
        />
      ) : null}
      {removing === null ? null : (
        <ConfirmDialog
          title="Remove the member?"
          message={`${memberName(removing)} will lose access to this project.`}
          confirmLabel="Remove"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
