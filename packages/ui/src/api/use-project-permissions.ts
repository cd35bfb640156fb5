/**
 * What the signed-in user may do in a project: their role there (`GET
 * /v1/project-members/role`, Admin for owners and platform admins) and its permissions. Use it to
 * show a page's entry only to those who may read it and to disable controls they may not use; the
 * server still checks every call.
 */
import type { Permission } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from './session-context';

/** The user's permissions in `projectId` (none while loading, or without a role there). */
export function useProjectPermissions(projectId: string | undefined) {
  const client = useApi();
  const role = useQuery({
    queryKey: ['project-role', projectId],
    enabled: projectId !== undefined,
    queryFn: () => client.projectMembers.role({ projectId: projectId ?? '' }),
    staleTime: 60_000,
  });
  const permissions = new Set(role.data?.permissions ?? []);
  return {
    /** Whether the user holds `permission` (false until the role is known). */
    can: (permission: Permission) => permissions.has(permission),
    isPending: role.isPending,
  };
}
