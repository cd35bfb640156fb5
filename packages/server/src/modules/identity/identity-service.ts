/**
 * Sign-up and sign-in with email and password. A sign-up creates a new platform (a separate
 * tenant) whose ADMIN the user becomes, with a PERSONAL project; both answer with a session token.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  generateId,
  PieceworkError,
  SignInFailureReason,
  type AuthenticationResponse,
  type SignInRequest,
  type SignUpRequest,
} from '@piecework/shared';
import { recordAuditEvent } from '../../audit/record-audit-event';
import { hashPassword, UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../auth/password-hash';
import type { ServerContext } from '../../server-context';
import type { Database } from '../../storage/database';
import type { FederatedProfile } from '../federated-authn/google-provider';
import { newProjectRow } from '../projects/project-row';
import { isDisposableEmail } from './disposable-email';
import { userView } from './user-view';

/** Emails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The sign-up and sign-in operations. */
export class IdentityService {
  constructor(private readonly ctx: ServerContext) {}

  /**
   * Creates the platform, its ADMIN user and the user's PERSONAL project in one transaction.
   * Throwaway-email domains are refused (400 DISPOSABLE_EMAIL) unless AP_ALLOW_DISPOSABLE_EMAILS;
   * an email already signed up is 409 EXISTING_USER.
   */
  async signUp(request: SignUpRequest, ip: string): Promise<AuthenticationResponse> {
    const email = normalizeEmail(request.email);
    if (!this.ctx.settings.config.allowDisposableEmails && (await isDisposableEmail(email))) {
      throw new PieceworkError('DISPOSABLE_EMAIL', {
        message: 'Sign up with a permanent email address; throwaway email providers are not accepted',
        email,
      });
    }
    const passwordHash = await hashPassword(request.password);
    const now = this.ctx.now();
    const { user, projectId } = await this.ctx.store.write(async (trx) => {
      await assertEmailFree(trx, email);
      const platformId = generateId();
      await trx
        .insertInto('platform')
        .values({
          id: platformId,
          name: `${request.firstName}'s Platform`,
          credits: null,
          created: now,
          updated: now,
        })
        .execute();
      const inserted = await trx
        .insertInto('user')
        .values({
          id: generateId(),
          platformId,
          email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          platformRole: 'ADMIN',
          status: 'ACTIVE',
          created: now,
          updated: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const project = newProjectRow(
        { platformId, ownerId: inserted.id, displayName: `${request.firstName}'s Project`, type: 'PERSONAL' },
        now,
      );
      await trx.insertInto('project').values(project).execute();
      await recordAuditEvent(
        trx,
        now,
        { platformId, userId: inserted.id, userEmail: email, ip },
        { action: 'user.signed.up', data: { source: 'credentials', user: summary(inserted) } },
      );
      return { user: inserted, projectId: project.id };
    });
    const token = await this.ctx.tokens.issue({ userId: user.id, platformId: user.platformId });
    return { ...userView(user), token, projectId };
  }

  /**
   * Checks the password and answers with a new session token and the user's landing project (the
   * PERSONAL one, else the first membership). Wrong email or password: 401 INVALID_CREDENTIALS
   * (the same answer and about the same time either way); a deactivated user: 403. A refused
   * sign-in of a known user records user.sign.in.failed with the reason (an unknown email has no
   * platform to record it in).
   */
  async signIn(request: SignInRequest, ip: string): Promise<AuthenticationResponse> {
    const email = normalizeEmail(request.email);
    const user = await this.ctx.store.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    const matches = await verifyPassword(request.password, user?.passwordHash ?? UNUSABLE_PASSWORD_HASH);
    if (user === undefined) {
      throw new PieceworkError('INVALID_CREDENTIALS', { message: 'The email or the password is wrong' });
    }
    if (!matches) {
      await this.recordFailedSignIn(user, SignInFailureReason.enum.WRONG_PASSWORD, ip);
      throw new PieceworkError('INVALID_CREDENTIALS', { message: 'The email or the password is wrong' });
    }
    if (user.status !== 'ACTIVE') {
      await this.recordFailedSignIn(user, SignInFailureReason.enum.USER_INACTIVE, ip);
      throw new PieceworkError('AUTHORIZATION', {
        message: 'This user has been deactivated',
        userId: user.id,
      });
    }
    const projectId = await landingProjectId(this.ctx, user.id);
    await this.ctx.store.write((trx) =>
      recordAuditEvent(
        trx,
        this.ctx.now(),
        { platformId: user.platformId, userId: user.id, userEmail: user.email, ip },
        { action: 'user.signed.in', data: { user: summary(user) } },
      ),
    );
    const token = await this.ctx.tokens.issue({ userId: user.id, platformId: user.platformId });
    return { ...userView(user), token, projectId };
  }

  /**
   * Federated sign-in (Google): the user with the provider's (verified) email signs in; an unknown
   * email signs up as the password form does (a new platform, its ADMIN, a PERSONAL project), with
   * a random password nobody knows and without the throwaway-email check (federated sign-ups are
   * exempt). Audit: user.signed.in, or user.signed.up with source `sso`. A deactivated user: 403.
   */
  async signInFederated(profile: FederatedProfile, ip: string): Promise<AuthenticationResponse> {
    const email = normalizeEmail(profile.email);
    const existing = await this.ctx.store.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing !== undefined && existing.status !== 'ACTIVE') {
      await this.recordFailedSignIn(existing, SignInFailureReason.enum.USER_INACTIVE, ip);
      throw new PieceworkError('AUTHORIZATION', {
        message: 'This user has been deactivated',
        userId: existing.id,
      });
    }
    // A password nobody knows (checking it costs what any check costs); hashed only for a new user.
    const passwordHash =
      existing === undefined
        ? await hashPassword(randomBytes(32).toString('base64url'))
        : UNUSABLE_PASSWORD_HASH;
    const now = this.ctx.now();
    const { user, projectId } = await this.ctx.store.write(async (trx) => {
      const found = await trx.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
      if (found !== undefined) {
        await recordAuditEvent(
          trx,
          now,
          { platformId: found.platformId, userId: found.id, userEmail: found.email, ip },
          { action: 'user.signed.in', data: { user: summary(found) } },
        );
        return { user: found, projectId: undefined };
      }
      const platformId = generateId();
      await trx
        .insertInto('platform')
        .values({
          id: platformId,
          name: `${profile.firstName}'s Platform`,
          credits: null,
          created: now,
          updated: now,
        })
        .execute();
      const inserted = await trx
        .insertInto('user')
        .values({
          id: generateId(),
          platformId,
          email,
          passwordHash,
          firstName: profile.firstName,
          lastName: profile.lastName,
          platformRole: 'ADMIN',
          status: 'ACTIVE',
          created: now,
          updated: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const project = newProjectRow(
        { platformId, ownerId: inserted.id, displayName: `${profile.firstName}'s Project`, type: 'PERSONAL' },
        now,
      );
      await trx.insertInto('project').values(project).execute();
      await recordAuditEvent(
        trx,
        now,
        { platformId, userId: inserted.id, userEmail: email, ip },
        { action: 'user.signed.up', data: { source: 'sso', user: summary(inserted) } },
      );
      return { user: inserted, projectId: project.id };
    });
    const token = await this.ctx.tokens.issue({ userId: user.id, platformId: user.platformId });
    return { ...userView(user), token, projectId: projectId ?? (await landingProjectId(this.ctx, user.id)) };
  }

  private async recordFailedSignIn(
    user: { id: string; platformId: string; email: string; firstName: string; lastName: string },
    reason: SignInFailureReason,
    ip: string,
  ): Promise<void> {
    await this.ctx.store.write((trx) =>
      recordAuditEvent(
        trx,
        this.ctx.now(),
        { platformId: user.platformId, userId: user.id, userEmail: user.email, ip },
        { action: 'user.sign.in.failed', data: { user: summary(user), reason } },
      ),
    );
  }
}

function summary(user: { id: string; email: string; firstName: string; lastName: string }) {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}

async function assertEmailFree(trx: Kysely<Database>, email: string): Promise<void> {
  const existing = await trx.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  if (existing !== undefined) {
    throw new PieceworkError('EXISTING_USER', {
      message: `${email} has already signed up; sign in instead`,
      email,
    });
  }
}

async function landingProjectId(ctx: ServerContext, userId: string): Promise<string | null> {
  const personal = await ctx.store.db
    .selectFrom('project')
    .select('id')
    .where('ownerId', '=', userId)
    .orderBy('type', 'asc')
    .orderBy('created', 'asc')
    .executeTakeFirst();
  if (personal !== undefined) {
    return personal.id;
  }
  const membership = await ctx.store.db
    .selectFrom('projectMember')
    .select('projectId')
    .where('userId', '=', userId)
    .orderBy('created', 'asc')
    .executeTakeFirst();
  return membership?.projectId ?? null;
}
