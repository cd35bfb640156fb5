/**
 * Pending invitations (`GET /v1/user-invitations`): a project's (PROJECT) for its members page, or
 * the platform's (PLATFORM) for platform admins. Invalidate {@link INVITATIONS_KEY} after
 * inviting or revoking.
 */
import type { Page, UserInvitation } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The query key of every invitation listing. */
export const INVITATIONS_KEY = ['user-invitations'] as const;

/** Which invitations to list: a project's, or the platform's own. */
export type InvitationScope = { type: 'PROJECT'; projectId: string } | { type: 'PLATFORM' };

/** The first 100 pending invitations of `scope`, newest first. */
export function usePendingInvitations(scope: InvitationScope) {
  const client = useApi();
  return useQuery({
    queryKey: [...INVITATIONS_KEY, scope],
    queryFn: (): Promise<Page<UserInvitation>> =>
      client.userInvitations.list({ ...scope, status: 'PENDING', limit: 100 }),
  });
}
