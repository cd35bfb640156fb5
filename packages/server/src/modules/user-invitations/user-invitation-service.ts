/**
 * User invitations: invite an email to a project (with a project role) or to the platform (with a
 * platform role), list and withdraw invitations, and accept one by the token of its link. Who may
 * call each is declared on the endpoints (`TEAM_ENDPOINTS.userInvitations`) and checked before
 * these run; here every read and write is scoped to the caller's platform.
 */
import {
  generateId,
  PieceworkError,
  type AcceptUserInvitationResponse,
  type CreateUserInvitationRequest,
  type ListUserInvitationsQuery,
  type Page,
  type UserInvitation,
  type UserInvitationWithLink,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { notFound } from '../../infrastructure/errors';
import { invitationEmail } from '../../infrastructure/email/invitation-email';
import type { ServerContext } from '../../server-context';

/** What the invitation routes and service use from the server context. */
export type UserInvitationDependencies = Pick<
  ServerContext,
  'settings' | 'store' | 'now' | 'mailer' | 'logger'
>;
import type { Database } from '../../infrastructure/storage/database';
import { normalizeEmail } from '../../infrastructure/email/normalize-email';
import { findProjectRoleByName } from '../project-roles/project-role-lookup';
import { applyInvitations } from './apply-invitations';
import { InvitationTokens } from './invitation-token';
import {
  deleteInvitationOfPlatform,
  fetchInvitationPage,
  findInvitationId,
  findPlatformName,
  findPlatformUserByEmail,
  findUserNames,
  insertInvitation,
  markInvitationAccepted,
  updateInvitation,
} from './user-invitation-repository';
import { invitationView, invitationViews, type InvitationRow } from './invitation-view';

/** What an invitation names besides the email: the project and role, or the platform role. */
interface InvitationTarget {
  type: 'PROJECT' | 'PLATFORM';
  projectId: string | null;
  projectRoleId: string | null;
  platformRole: string | null;
  /** For the email: the platform's name, the project's (PROJECT) and the role's name. */
  platformName: string;
  projectName: string | undefined;
  roleName: string;
}

/** The invitation operations of one server. */
export class UserInvitationService {
  private readonly tokens: InvitationTokens;

  constructor(private readonly ctx: UserInvitationDependencies) {
    this.tokens = new InvitationTokens(ctx.settings.jwtSecret);
  }

  /**
   * Creates the invitation, or updates the one of the same email (and project, for PROJECT) on the
   * caller's platform, back to PENDING with the new role. With SMTP configured the link is emailed;
   * without, it is answered (`link`) for the inviter to pass on, as Activepieces does.
   */
  async create(
    principal: Principal,
    project: ProjectRow | undefined,
    body: CreateUserInvitationRequest,
  ): Promise<UserInvitationWithLink> {
    const email = normalizeEmail(body.email);
    const now = this.ctx.now();
    const { row, target } = await this.ctx.store.write(async (trx) => {
      const target = await resolveTarget(trx, principal.platformId, project, body);
      const existing = await findInvitationId(trx, principal.platformId, email, target.projectId);
      const fields = {
        type: target.type,
        status: 'PENDING',
        platformRole: target.platformRole,
        projectId: target.projectId,
        projectRoleId: target.projectRoleId,
        updated: now,
      };
      const row =
        existing === undefined
          ? await insertInvitation(trx, {
              id: generateId(),
              platformId: principal.platformId,
              email,
              created: now,
              ...fields,
            })
          : await updateInvitation(trx, existing.id, fields);
      return { row, target };
    });
    const invitation = await invitationView(this.ctx.store.db, row);
    const link = await this.linkOf(row);
    if (!this.ctx.mailer.configured) return { ...invitation, link };
    await this.sendEmail(principal, row, target, link);
    return invitation;
  }

  /** The caller's platform's invitations, filtered by type, project and status, newest first. */
  async list(principal: Principal, query: ListUserInvitationsQuery): Promise<Page<UserInvitation>> {
    const page = await fetchInvitationPage(this.ctx.store.db, principal.platformId, query);
    return { ...page, data: await invitationViews(this.ctx.store.db, page.data) };
  }

  /** Withdraws an invitation of the caller's platform (404 for any other id). */
  async delete(principal: Principal, id: string): Promise<void> {
    const deleted = await this.ctx.store.write((trx) =>
      deleteInvitationOfPlatform(trx, principal.platformId, id),
    );
    if (Number(deleted.numDeletedRows) === 0) throw notFound('userInvitation', id);
  }

  /**
   * Marks the invitation of `token` ACCEPTED. When its email already has a user on the inviting
   * platform, the invitation applies at once (`registered: true`); otherwise it applies when they
   * sign up with that email. A forged, expired or withdrawn invitation's token is 404.
   */
  async accept(token: string): Promise<AcceptUserInvitationResponse> {
    const invitationId = await this.tokens.verify(token);
    if (invitationId === null) throw invalidInvitation();
    const now = this.ctx.now();
    return this.ctx.store.write(async (trx) => {
      const accepted = await markInvitationAccepted(trx, invitationId, now);
      if (accepted === undefined) throw invalidInvitation();
      const user = await findPlatformUserByEmail(trx, accepted.platformId, accepted.email);
      if (user === undefined) return { registered: false };
      await applyInvitations(trx, user, now);
      return { registered: true };
    });
  }

  private async linkOf(row: InvitationRow): Promise<string> {
    const token = await this.tokens.issue(row.id);
    return `${this.ctx.settings.publicUrl}invitation?token=${token}&email=${encodeURIComponent(row.email)}`;
  }

  /** Emails the link; a refused email is logged, and inviting again sends it again. */
  private async sendEmail(
    principal: Principal,
    row: InvitationRow,
    target: InvitationTarget,
    link: string,
  ): Promise<void> {
    const inviter =
      principal.type === 'USER' ? await findUserNames(this.ctx.store.db, principal.id) : undefined;
    const content = invitationEmail({
      inviterName: inviter === undefined ? undefined : `${inviter.firstName} ${inviter.lastName}`,
      platformName: target.platformName,
      projectName: target.projectName,
      roleName: target.roleName,
      link,
    });
    try {
      await this.ctx.mailer.send({ to: row.email, ...content });
    } catch (error) {
      this.ctx.logger.error(
        { err: error, userInvitation: { id: row.id }, platform: { id: row.platformId } },
        'The invitation email could not be sent',
      );
    }
  }
}

/**
 * The project and role (PROJECT) or the platform role (PLATFORM) a request names; `project` is
 * the one the access check authorized (present for every PROJECT invitation).
 */
async function resolveTarget(
  trx: Kysely<Database>,
  platformId: string,
  project: ProjectRow | undefined,
  body: CreateUserInvitationRequest,
): Promise<InvitationTarget> {
  const platform = await findPlatformName(trx, platformId);
  if (body.type === 'PLATFORM') {
    return {
      type: 'PLATFORM',
      projectId: null,
      projectRoleId: null,
      platformRole: body.platformRole,
      platformName: platform.name,
      projectName: undefined,
      roleName: body.platformRole,
    };
  }
  if (project === undefined) throw notFound('project', body.projectId);
  const role = await findProjectRoleByName(trx, platformId, body.projectRole);
  if (role === undefined) throw notFound('projectRole', body.projectRole);
  return {
    type: 'PROJECT',
    projectId: project.id,
    projectRoleId: role.id,
    platformRole: null,
    platformName: platform.name,
    projectName: project.displayName,
    roleName: role.name,
  };
}

function invalidInvitation(): PieceworkError {
  return new PieceworkError('ENTITY_NOT_FOUND', {
    message: 'This invitation link is invalid, has expired or was withdrawn; ask for a new invitation',
    entityType: 'UserInvitation',
    entityId: 'invalid-token',
  });
}
