/**
 * Managed authentication: a host product's JWT, signed with one of a platform's signing keys,
 * exchanged for a session. The token is verified first (`verify-external-token.ts`; nothing is
 * written for a refused one), then ONE write transaction upserts the project (by the platform and
 * `externalProjectId`: a TEAM project owned by the platform's first admin), the user (by the
 * platform and `externalUserId`: an ACTIVE, verified MEMBER whose password nobody knows), the
 * membership with the named role, and the project's piece filter; the first exchange of a user
 * records user.signed.up with source `managed`. The answer is what sign-in answers.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  externalTokenPieceFilter,
  generateId,
  MANAGED_EMAIL_DOMAIN,
  PieceworkError,
  type AuthenticationResponse,
  type ProjectPlan,
} from '@piecework/shared';
import { z } from 'zod';
import { recordAuditEvent } from '../audit-events/record-audit-event';
import { unusablePasswordHash } from '../../infrastructure/auth/password-hash';
import type { ServerContext } from '../../server-context';
import type { Database, ProjectTable, UserTable } from '../../infrastructure/storage/database';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';
import { serialiseWrites } from '../../infrastructure/storage/serialise-writes';
import { normalizeEmail } from '../../infrastructure/email/normalize-email';
import { userView } from '../identity/user-view';
import type { SessionOrigin } from '../sessions/session-origin';
import { startSession } from '../sessions/start-session';
import { findProjectRoleByName } from '../project-roles/project-role-lookup';
import { updateProjectRow } from '../projects/project-repository';
import { insertTeamProject, updatedPlan } from '../projects/project-service';
import {
  findMembership,
  findProjectByExternalId,
  findUserByExternalId,
  insertMembership,
  insertUserRow,
  isEmailTaken,
  setMembershipRole,
  updateUserProfile,
} from './managed-authn-repository';
import { piecesForTags } from './pieces-for-tags';
import {
  invalidExternalToken,
  verifyExternalToken,
  type VerifiedExternalToken,
} from './verify-external-token';

/** The role a token without `role` gives its user. */
const DEFAULT_MANAGED_ROLE = 'Editor';

/**
 * The stable address of a managed user whose token has no usable email:
 * `managed-<first 24 hex of sha256(platformId:externalUserId)>@embedded.invalid`.
 */
export function syntheticManagedEmail(platformId: string, externalUserId: string): string {
  const digest = createHash('sha256').update(`${platformId}:${externalUserId}`).digest('hex');
  return `managed-${digest.slice(0, 24)}@${MANAGED_EMAIL_DOMAIN}`;
}

/** What the exchange decided before writing: the verified token, the role, the plan's pieces. */
interface Exchange {
  token: VerifiedExternalToken;
  roleId: string;
  plan: Pick<ProjectPlan, 'piecesFilterType' | 'pieces'>;
  ip: string;
}

/**
 * What managed authentication uses of the server context: the store, the piece catalogue (a
 * token's piece tags), the session tokens and the clock.
 */
export type ManagedAuthnDependencies = Pick<ServerContext, 'store' | 'pieces' | 'tokens' | 'now'>;

/** The managed-authentication operation behind `POST /v1/managed-authn/external-token`. */
export class ManagedAuthnService {
  constructor(private readonly ctx: ManagedAuthnDependencies) {}

  /**
   * Verifies `externalAccessToken` and answers a session for the user it names, creating or
   * updating its project, user and membership. Every refusal of the token (malformed, bad
   * signature, unknown key, expired, invalid claims, unknown role) is 401 INVALID_BEARER_TOKEN and
   * writes nothing; a user deactivated by the platform's admins is 403.
   */
  async exchange(externalAccessToken: string, origin: SessionOrigin): Promise<AuthenticationResponse> {
    const { db } = this.ctx.store;
    const token = await verifyExternalToken(db, externalAccessToken, Date.now());
    const { claims, platformId } = token;
    const roleName = claims.role ?? DEFAULT_MANAGED_ROLE;
    const role = await findProjectRoleByName(db, platformId, roleName);
    if (role === undefined) {
      throw invalidExternalToken(
        `No project role is named "${roleName}" on this platform (the default roles are Admin, Editor and Viewer)`,
      );
    }
    const filter = externalTokenPieceFilter(claims);
    const pieces =
      filter.filterType === 'ALLOWED'
        ? piecesForTags(await this.ctx.pieces.catalogue.list(), filter.tags)
        : [];
    const exchange: Exchange = {
      token,
      roleId: role.id,
      plan: { piecesFilterType: filter.filterType, pieces },
      ip: origin.ip,
    };
    const { user, projectId } = await this.ctx.store.write((trx) => this.upsert(trx, exchange));
    const sessionToken = await startSession(this.ctx, user, origin);
    return { ...userView(user), token: sessionToken, projectId };
  }

  private async upsert(trx: Kysely<Database>, exchange: Exchange) {
    const { platformId, claims } = exchange.token;
    const now = this.ctx.now();
    // One exchange at a time per platform, so two first exchanges never both insert.
    await serialiseWrites(trx, `managed-authn:${platformId}`);
    const project = await this.upsertProject(trx, exchange, now);
    const existing = await findUserByExternalId(trx, platformId, claims.externalUserId);
    if (existing !== undefined && existing.status !== 'ACTIVE') {
      throw new PieceworkError('AUTHORIZATION', {
        message: 'This user has been deactivated',
        userId: existing.id,
      });
    }
    const email = await this.emailFor(trx, exchange, existing?.id);
    const user =
      existing === undefined
        ? await this.insertUser(trx, exchange, email, now)
        : await updateUserProfile(trx, existing.id, {
            email,
            firstName: claims.firstName,
            lastName: claims.lastName,
            updated: now,
          });
    await this.upsertMembership(trx, exchange, project.id, user.id, now);
    return { user, projectId: project.id };
  }

  private async upsertProject(
    trx: Kysely<Database>,
    exchange: Exchange,
    now: string,
  ): Promise<Selectable<ProjectTable>> {
    const { platformId, claims } = exchange.token;
    const found = await findProjectByExternalId(trx, platformId, claims.externalProjectId);
    const project =
      found ??
      (await insertTeamProject(trx, now, {
        platformId,
        displayName: claims.projectDisplayName ?? claims.externalProjectId,
        externalId: claims.externalProjectId,
      }));
    const plan = fromJson<ProjectPlan>(project.plan);
    const planChanged =
      plan === null ||
      plan.piecesFilterType !== exchange.plan.piecesFilterType ||
      JSON.stringify(plan.pieces) !== JSON.stringify(exchange.plan.pieces);
    const renamed =
      claims.projectDisplayName !== undefined && claims.projectDisplayName !== project.displayName;
    if (!planChanged && !renamed) return project;
    const nextPlan = updatedPlan(project, exchange.plan, now);
    return updateProjectRow(trx, project.id, {
      ...(renamed ? { displayName: claims.projectDisplayName } : {}),
      ...(planChanged && nextPlan !== null ? { plan: toJson(nextPlan) } : {}),
      updated: now,
    });
  }

  /**
   * The token's `email` when it is an address no other user of the server has (sign-in finds
   * users by email server-wide), else the user's synthetic address.
   */
  private async emailFor(trx: Kysely<Database>, exchange: Exchange, userId: string | undefined) {
    const { platformId, claims } = exchange.token;
    const synthetic = syntheticManagedEmail(platformId, claims.externalUserId);
    if (claims.email === undefined || !z.email().safeParse(claims.email.trim()).success) return synthetic;
    const email = normalizeEmail(claims.email);
    return (await isEmailTaken(trx, email, userId)) ? synthetic : email;
  }

  private async insertUser(
    trx: Kysely<Database>,
    exchange: Exchange,
    email: string,
    now: string,
  ): Promise<Selectable<UserTable>> {
    const { platformId, claims } = exchange.token;
    const user = await insertUserRow(trx, {
      id: generateId(),
      platformId,
      email,
      // Matches no password (its hash is random bytes): a managed user never signs in by password.
      passwordHash: unusablePasswordHash(),
      firstName: claims.firstName,
      lastName: claims.lastName,
      platformRole: 'MEMBER',
      status: 'ACTIVE',
      externalId: claims.externalUserId,
      verified: 1,
      created: now,
      updated: now,
    });
    await recordAuditEvent(
      trx,
      now,
      { platformId, userId: user.id, userEmail: email, ip: exchange.ip },
      {
        action: 'user.signed.up',
        data: {
          source: 'managed',
          user: { id: user.id, email, firstName: user.firstName, lastName: user.lastName },
        },
      },
    );
    return user;
  }

  private async upsertMembership(
    trx: Kysely<Database>,
    exchange: Exchange,
    projectId: string,
    userId: string,
    now: string,
  ): Promise<void> {
    const member = await findMembership(trx, projectId, userId);
    if (member === undefined) {
      await insertMembership(trx, {
        id: generateId(),
        platformId: exchange.token.platformId,
        projectId,
        userId,
        projectRoleId: exchange.roleId,
        created: now,
        updated: now,
      });
    } else if (member.projectRoleId !== exchange.roleId) {
      await setMembershipRole(trx, member.id, exchange.roleId, now);
    }
  }
}
