/**
 * Applying invitations to the user they name: the one place an invitation turns into a project
 * membership or a platform role. Called when an invitation is accepted by a registered invitee,
 * when an invitee signs up, and at every sign-in.
 *
 * Rule: a PROJECT invitation applies as soon as a user with its email exists on its platform
 * (pending or accepted); a PLATFORM invitation, which changes the user's platform role, applies
 * only once accepted through its link (the link proves the email is theirs). An applied
 * invitation is removed, as Activepieces does: the membership or role now stands for it.
 */
import { generateId } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import {
  deleteInvitation,
  insertMember,
  selectDueInvitations,
  setUserPlatformRole,
  updateMemberRole,
} from './user-invitation-repository';

/** The user an invitation applies to. */
export interface InviteeUser {
  readonly id: string;
  readonly platformId: string;
  readonly email: string;
}

/** What applying did: the invitations applied, by type. */
export interface AppliedInvitations {
  readonly projectIds: readonly string[];
  /** The platform role a PLATFORM invitation gave, if one applied. */
  readonly platformRole: string | null;
}

/**
 * Applies every due invitation of `user`'s email on `user`'s platform (see the module rule) inside
 * `trx`: a PROJECT one adds the member (or changes the member's role), a PLATFORM one sets the
 * user's platform role; each applied invitation is deleted.
 */
export async function applyInvitations(
  trx: Kysely<Database>,
  user: InviteeUser,
  now: string,
): Promise<AppliedInvitations> {
  const due = await selectDueInvitations(trx, user.platformId, user.email);
  const projectIds: string[] = [];
  let platformRole: string | null = null;
  for (const invitation of due) {
    if (invitation.type === 'PLATFORM' && invitation.platformRole !== null) {
      await setUserPlatformRole(trx, user.id, invitation.platformRole, now);
      platformRole = invitation.platformRole;
    } else if (invitation.projectId !== null && invitation.projectRoleId !== null) {
      await upsertMember(trx, user, invitation.projectId, invitation.projectRoleId, now);
      projectIds.push(invitation.projectId);
    }
    await deleteInvitation(trx, invitation.id);
  }
  return { projectIds, platformRole };
}

async function upsertMember(
  trx: Kysely<Database>,
  user: InviteeUser,
  projectId: string,
  projectRoleId: string,
  now: string,
): Promise<void> {
  const updated = await updateMemberRole(trx, projectId, user.id, projectRoleId, now);
  if (Number(updated.numUpdatedRows) > 0) return;
  await insertMember(trx, {
    id: generateId(),
    platformId: user.platformId,
    projectId,
    userId: user.id,
    projectRoleId,
    created: now,
    updated: now,
  });
}
