/**
 * Sign-up and sign-in with email and password. Where a sign-up goes (a new platform whose ADMIN
 * the user becomes, or an existing one it joins by invitation or allowed domain) is the sign-up
 * policy's call (`sign-up-policy.ts`, by AP_EDITION); every new user gets a PERSONAL project.
 * Sign-in obeys the platform's sign-in rules and applies the user's due invitations. Both answer
 * with the token of a new server-side session (`modules/sessions/start-session.ts`).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  generateId,
  PieceworkError,
  SignInFailureReason,
  type AuthenticationResponse,
  type PlatformRole,
  type SignInRequest,
  type SignUpRequest,
  type TwoFactorSignInRequest,
  type TwoFactorSignInResponse,
} from '@piecework/shared';
import { recordAuditEvent } from '../audit-events/record-audit-event';
import {
  hashPassword,
  needsRehash,
  unusablePasswordHash,
  verifyPassword,
} from '../../infrastructure/auth/password-hash';
import type { ServerContext } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { serialiseWrites } from '../../infrastructure/storage/serialise-writes';
import { authSettingsOf } from '../platforms/platform-view';
import type { FederatedProfile, FederatedSignInPolicy } from './federated-profile';
import { normalizeEmail } from '../../infrastructure/email/normalize-email';
import { newProjectRow } from '../projects/project-row';
import { applyInvitations } from '../user-invitations/apply-invitations';
import { isDisposableEmail } from './disposable-email';
import { EmailCodeService, emailNotVerified } from './email-code-service';
import {
  findFirstMembershipProjectId,
  findOwnedProjectId,
  findPlatformRow,
  findUserByEmail,
  findUserById,
  findUserIdByEmail,
  insertPlatformRow,
  insertProject,
  insertUser,
  replacePasswordHash,
  type UserRow,
} from './identity-repository';
import { assertPasswordAuthAllowed, type AuthMethod } from './sign-in-rules';
import { placeSignUp, type SignUpPlacement } from './sign-up-policy';
import { userView } from './user-view';
import { addProjectToPreselectedConnections } from '../connections/global-connection-projects';
import { passSecondFactor, requireSecondFactor } from '../two-factor/sign-in-second-factor';
import type { SessionOrigin } from '../sessions/session-origin';
import { startSession } from '../sessions/start-session';

/** What the identity routes and service use from the server context. */
export type IdentityDependencies = Pick<
  ServerContext,
  'settings' | 'store' | 'now' | 'mailer' | 'tokens' | 'logger' | 'secrets'
>;

/** The sign-up and sign-in operations. */
export class IdentityService {
  constructor(private readonly ctx: IdentityDependencies) {}

  /**
   * Creates the user and their PERSONAL project in one transaction: on a new platform as its
   * ADMIN, or as a MEMBER of the platform the sign-up policy places them on, whose invitations for
   * the email then apply. Throwaway-email domains are refused (400 DISPOSABLE_EMAIL) unless
   * AP_ALLOW_DISPOSABLE_EMAILS; an email already signed up is 409 EXISTING_USER; the policy's
   * refusals are 403 (INVITATION_ONLY_SIGN_UP, DOMAIN_NOT_ALLOWED, EMAIL_AUTH_DISABLED). On a
   * server that sends email the user starts unverified, unless they accepted an invitation (its
   * emailed link proved the address): the verification code is emailed and the answer is 403
   * EMAIL_IS_NOT_VERIFIED (as Activepieces does); without SMTP the user is verified and signed in.
   */
  async signUp(request: SignUpRequest, origin: SessionOrigin): Promise<AuthenticationResponse> {
    const { ip } = origin;
    const email = normalizeEmail(request.email);
    if (!this.ctx.settings.config.allowDisposableEmails && (await isDisposableEmail(email))) {
      throw new PieceworkError('DISPOSABLE_EMAIL', {
        message: 'Sign up with a permanent email address; throwaway email providers are not accepted',
        email,
      });
    }
    const passwordHash = await hashPassword(request.password);
    const { user, projectId, needsVerification } = await this.ctx.store.write((trx) =>
      this.createUser(trx, {
        email,
        passwordHash,
        firstName: request.firstName,
        lastName: request.lastName,
        method: 'PASSWORD',
        ip,
      }),
    );
    if (needsVerification) {
      await new EmailCodeService(this.ctx).sendVerificationCode(user);
      throw emailNotVerified(user.email);
    }
    const token = await startSession(this.ctx, user, origin);
    return { ...userView(user), token, projectId };
  }

  /**
   * Checks the password and answers with a new session token and the user's landing project (the
   * PERSONAL one, else the first membership), after applying the user's due invitations. Wrong
   * email or password: 401 INVALID_CREDENTIALS (the same answer and about the same time either
   * way); a deactivated user: 403; a platform whose rules refuse it: 403 EMAIL_AUTH_DISABLED or
   * DOMAIN_NOT_ALLOWED. A refused sign-in of a known user records user.sign.in.failed with the
   * reason (an unknown email has no platform to record it in). A user who has not confirmed their address yet is refused with 403
   * EMAIL_IS_NOT_VERIFIED while the server sends email (without SMTP they could never confirm it).
   * A user with two-factor on (or on a platform that requires it) gets 401 TWO_FACTOR_REQUIRED with
   * a challenge instead of a token, unless the request carries a remembered-device token of theirs.
   */
  async signIn(request: SignInRequest, origin: SessionOrigin): Promise<AuthenticationResponse> {
    const { ip } = origin;
    const email = normalizeEmail(request.email);
    const user = await findUserByEmail(this.ctx.store.db, email);
    const matches = await verifyPassword(request.password, user?.passwordHash ?? unusablePasswordHash());
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
    if (user.verified !== 1 && this.ctx.mailer.configured) {
      throw emailNotVerified(user.email);
    }
    await assertSignInAllowed(this.ctx.store.db, user, 'PASSWORD');
    // A second factor, when the user has one or the platform requires it (TWO_FACTOR_REQUIRED).
    await requireSecondFactor(this.ctx, user, request.rememberedDeviceToken);
    // A hash made with weaker parameters than new ones get is replaced while the password is known.
    const rehashed = needsRehash(user.passwordHash) ? await hashPassword(request.password) : undefined;
    return this.completeSignIn(user, origin, rehashed);
  }

  /**
   * The second step of a password sign-in that answered TWO_FACTOR_REQUIRED: the challenge and a
   * TOTP or recovery code (`passSecondFactor`), then the same checks and answer as the first step,
   * plus a remembered-device token and the recovery codes of an enrolment completed here.
   */
  async signInWithSecondFactor(
    request: TwoFactorSignInRequest,
    origin: SessionOrigin,
  ): Promise<TwoFactorSignInResponse> {
    const passed = await passSecondFactor(this.ctx, request, origin.userAgent);
    const user = await findUserById(this.ctx.store.db, passed.userId);
    if (user === undefined || user.status !== 'ACTIVE') {
      throw new PieceworkError('AUTHORIZATION', {
        message: 'This user has been deactivated',
        userId: passed.userId,
      });
    }
    await assertSignInAllowed(this.ctx.store.db, user, 'PASSWORD');
    const answer = await this.completeSignIn(user, origin, undefined);
    return {
      ...answer,
      ...(passed.rememberedDeviceToken === undefined
        ? {}
        : { rememberedDeviceToken: passed.rememberedDeviceToken }),
      ...(passed.recoveryCodes === undefined ? {} : { recoveryCodes: passed.recoveryCodes }),
    };
  }

  /**
   * The end of a password sign-in whose checks all passed: stores `rehashed` (a stronger hash of
   * the password) if given, applies the user's due invitations, records user.signed.in and answers
   * a session token with the landing project.
   */
  private async completeSignIn(
    user: UserRow,
    origin: SessionOrigin,
    rehashed: string | undefined,
  ): Promise<AuthenticationResponse> {
    const { ip } = origin;
    const signedIn = await this.ctx.store.write(async (trx) => {
      const now = this.ctx.now();
      if (rehashed !== undefined) {
        await replacePasswordHash(trx, user.id, user.passwordHash, rehashed);
      }
      const applied = await applyInvitations(trx, user, now);
      await recordAuditEvent(
        trx,
        now,
        { platformId: user.platformId, userId: user.id, userEmail: user.email, ip },
        { action: 'user.signed.in', data: { user: summary(user) } },
      );
      return applied.platformRole === null ? user : { ...user, platformRole: applied.platformRole };
    });
    const projectId = await landingProjectId(this.ctx, user.id);
    const token = await startSession(this.ctx, user, origin);
    return { ...userView(signedIn), token, projectId };
  }

  /**
   * Federated sign-in (Google, GitHub, OpenID Connect, SAML): the user with the provider's (verified)
   * email signs in (their due invitations apply); an unknown email signs up as `policy` says
   * (default `SIGN_UP_POLICY`: the same sign-up policy as the password form, so a self-hosted
   * server still takes new people by invitation or allowed domain only; `JUST_IN_TIME`: straight
   * onto the provider's platform with its default role), with a random password nobody knows and
   * without the throwaway-email check (federated sign-ups are exempt). The platform's domain rules
   * hold either way. Audit: user.signed.in, or user.signed.up with source `sso`. A deactivated
   * user: 403; under `JUST_IN_TIME`, a user of another platform: 403 AUTHORIZATION.
   */
  async signInFederated(
    profile: FederatedProfile,
    origin: SessionOrigin,
    policy: FederatedSignInPolicy = { kind: 'SIGN_UP_POLICY' },
  ): Promise<AuthenticationResponse> {
    const { ip } = origin;
    const email = normalizeEmail(profile.email);
    const existing = await findUserByEmail(this.ctx.store.db, email);
    if (
      existing !== undefined &&
      policy.kind === 'JUST_IN_TIME' &&
      existing.platformId !== policy.platformId
    ) {
      throw new PieceworkError('AUTHORIZATION', {
        message: "This email belongs to another platform's user: sign in there instead",
        platformId: policy.platformId,
      });
    }
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
        : unusablePasswordHash();
    const now = this.ctx.now();
    const { user, projectId } = await this.ctx.store.write(async (trx) => {
      const found = await findUserByEmail(trx, email);
      if (found === undefined) {
        return this.createUser(trx, {
          email,
          passwordHash,
          firstName: profile.firstName,
          lastName: profile.lastName,
          method: 'FEDERATED',
          ip,
          ...(policy.kind === 'JUST_IN_TIME' ? { justInTime: policy } : {}),
        });
      }
      if (policy.kind === 'JUST_IN_TIME' && found.platformId !== policy.platformId) {
        throw new PieceworkError('AUTHORIZATION', {
          message: "This email belongs to another platform's user: sign in there instead",
          platformId: policy.platformId,
        });
      }
      await assertSignInAllowed(trx, found, 'FEDERATED');
      const applied = await applyInvitations(trx, found, now);
      await recordAuditEvent(
        trx,
        now,
        { platformId: found.platformId, userId: found.id, userEmail: found.email, ip },
        { action: 'user.signed.in', data: { user: summary(found) } },
      );
      const signedIn =
        applied.platformRole === null ? found : { ...found, platformRole: applied.platformRole };
      return { user: signedIn, projectId: undefined };
    });
    const token = await startSession(this.ctx, user, origin);
    return { ...userView(user), token, projectId: projectId ?? (await landingProjectId(this.ctx, user.id)) };
  }

  /**
   * Creates a user and their PERSONAL project inside the caller's write transaction, where the
   * sign-up policy places them (`sign-up-policy.ts`: a new platform as its ADMIN, or joining one as
   * MEMBER, whose invitations for the email then apply), and records user.signed.up (source
   * `credentials` for a password, `sso` for a federated provider). With `justInTime` the user
   * joins that platform with that role instead, under its domain rules alone. A password sign-up
   * on a server that sends email starts unverified unless an invitation link proved the address;
   * a federated one is verified by its provider.
   */
  private async createUser(
    trx: Kysely<Database>,
    input: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      method: AuthMethod;
      ip: string;
      justInTime?: { readonly platformId: string; readonly platformRole: PlatformRole };
    },
  ) {
    const { email, method, justInTime } = input;
    const now = this.ctx.now();
    // One sign-up at a time across processes: the first of a fresh server, and one per email.
    await serialiseWrites(trx, 'sign-up');
    await assertEmailFree(trx, email);
    const placement: SignUpPlacement =
      justInTime === undefined
        ? await placeSignUp(trx, this.ctx.settings.config.edition, email, method)
        : await placeJustInTime(trx, email, justInTime.platformId);
    const platformId =
      placement.kind === 'JOIN' ? placement.platformId : await insertPlatform(trx, input.firstName, now);
    const needsVerification =
      method === 'PASSWORD' &&
      this.ctx.mailer.configured &&
      !(placement.kind === 'JOIN' && placement.invited);
    const inserted = await insertUser(trx, {
      id: generateId(),
      platformId,
      email,
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      platformRole: justInTime?.platformRole ?? (placement.kind === 'JOIN' ? 'MEMBER' : 'ADMIN'),
      status: 'ACTIVE',
      verified: needsVerification ? 0 : 1,
      created: now,
      updated: now,
    });
    const project = newProjectRow(
      { platformId, ownerId: inserted.id, displayName: `${input.firstName}'s Project`, type: 'PERSONAL' },
      now,
    );
    await insertProject(trx, project);
    await addProjectToPreselectedConnections(trx, platformId, project.id);
    const applied = placement.kind === 'JOIN' ? await applyInvitations(trx, inserted, now) : undefined;
    const user =
      applied?.platformRole == null ? inserted : { ...inserted, platformRole: applied.platformRole };
    await recordAuditEvent(
      trx,
      now,
      { platformId, userId: user.id, userEmail: email, ip: input.ip },
      {
        action: 'user.signed.up',
        data: { source: method === 'PASSWORD' ? 'credentials' : 'sso', user: summary(user) },
      },
    );
    return { user, projectId: project.id, needsVerification };
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

/** Inserts a new platform named after its first user; answers its id. */
async function insertPlatform(trx: Kysely<Database>, firstName: string, now: string): Promise<string> {
  const id = generateId();
  await insertPlatformRow(trx, {
    id,
    name: `${firstName}'s Platform`,
    credits: null,
    created: now,
    updated: now,
  });
  return id;
}

/** Throws unless the sign-in rules of `user`'s platform let them sign in by `method`. */
async function assertSignInAllowed(
  db: Kysely<Database>,
  user: { platformId: string; email: string },
  method: AuthMethod,
): Promise<void> {
  const platform = await findPlatformRow(db, user.platformId);
  assertPasswordAuthAllowed(authSettingsOf(platform), user.email, platform.id, method);
}

/** A just-in-time sign-up's place: platform `platformId`, when its domain rules take `email`. */
async function placeJustInTime(
  trx: Kysely<Database>,
  email: string,
  platformId: string,
): Promise<SignUpPlacement> {
  await assertSignInAllowed(trx, { platformId, email }, 'FEDERATED');
  return { kind: 'JOIN', platformId, invited: false };
}

async function assertEmailFree(trx: Kysely<Database>, email: string): Promise<void> {
  const existing = await findUserIdByEmail(trx, email);
  if (existing !== undefined) {
    throw new PieceworkError('EXISTING_USER', {
      message: `${email} has already signed up; sign in instead`,
      email,
    });
  }
}

async function landingProjectId(ctx: Pick<ServerContext, 'store'>, userId: string): Promise<string | null> {
  const personal = await findOwnedProjectId(ctx.store.db, userId);
  if (personal !== undefined) {
    return personal.id;
  }
  const membership = await findFirstMembershipProjectId(ctx.store.db, userId);
  return membership?.projectId ?? null;
}
