/**
 * Email verification and password reset with emailed one-time codes (Activepieces' OTP flow):
 * `POST /v1/otp` emails a code, `POST /v1/authn/local/verify-email` confirms the address with it,
 * `POST /v1/authn/local/reset-password` sets a new password with it, which ends the user's
 * existing sessions (their token version is bumped). Asking for a code answers the same whatever
 * the address: the lookup, the code and the email happen after the answer.
 */
import {
  PieceworkError,
  type CreateOtpRequest,
  type OtpType,
  type ResetPasswordRequest,
  type User,
  type VerifyEmailRequest,
} from '@piecework/shared';
import type { Selectable } from 'kysely';
import { recordAuditEvent } from '../audit-events/record-audit-event';
import { hashPassword } from '../../infrastructure/auth/password-hash';
import { passwordResetEmail } from '../../infrastructure/email/password-reset-email';
import { verificationEmail } from '../../infrastructure/email/verification-email';
import type { ServerContext } from '../../server-context';

/** What the emailed-code service uses from the server context. */
export type EmailCodeDependencies = Pick<ServerContext, 'settings' | 'store' | 'now' | 'mailer' | 'logger'>;
import type { UserTable } from '../../infrastructure/storage/database';
import { isDisposableEmail } from './disposable-email';
import { listActiveUsersByEmail, markUserVerified, resetUserPassword } from './identity-repository';
import { consumeOneTimeCode, issueOneTimeCode, OTP_LIFETIME_TEXT } from './one-time-codes';
import { userView } from './user-view';
import { endUserSessions } from '../sessions/end-user-sessions';

type UserRow = Selectable<UserTable>;

/** The one-time-code operations of the public authentication routes. */
export class EmailCodeService {
  constructor(private readonly ctx: EmailCodeDependencies) {}

  /**
   * Emails a code of `type` to the user with `email`, if there is one (an ACTIVE user; for
   * EMAIL_VERIFICATION, one not verified yet). Answers before the lookup, so a known and an unknown
   * address get the same answer in the same time. Refuses throwaway addresses (400
   * DISPOSABLE_EMAIL, unless AP_ALLOW_DISPOSABLE_EMAILS) and a server without SMTP (409).
   */
  async requestCode(request: CreateOtpRequest): Promise<void> {
    const email = request.email.trim().toLowerCase();
    if (!this.ctx.mailer.configured) {
      throw new PieceworkError('VALIDATION', {
        message: 'This server sends no email (AP_SMTP_HOST is not set), so it cannot send a code',
      });
    }
    if (!this.ctx.settings.config.allowDisposableEmails && (await isDisposableEmail(email))) {
      throw new PieceworkError('DISPOSABLE_EMAIL', {
        message: 'Use a permanent email address; throwaway email providers are not accepted',
        email,
      });
    }
    void this.deliverCode(email, request.type).catch((error: unknown) => {
      this.ctx.logger.error({ err: error, type: request.type }, 'Could not email a one-time code');
    });
  }

  /** Emails a verification code to a user who just signed up (awaited; a failure is logged). */
  async sendVerificationCode(user: UserRow): Promise<void> {
    try {
      await this.sendCode(user, 'EMAIL_VERIFICATION');
    } catch (error) {
      this.ctx.logger.error({ err: error, userId: user.id }, 'Could not email the verification code');
    }
  }

  /**
   * Confirms the user's email address with the emailed code (410 INVALID_OTP when it is wrong,
   * used, expired or replaced) and records user.email.verified.
   */
  async verifyEmail(request: VerifyEmailRequest, ip: string): Promise<User> {
    const userId = ownerOf(request);
    const user = await this.ctx.store.write(async (trx) => {
      const now = this.ctx.now();
      if (!(await consumeOneTimeCode(trx, userId, 'EMAIL_VERIFICATION', request.otp, now))) {
        throw invalidCode();
      }
      const row = await markUserVerified(trx, userId, now);
      await recordAuditEvent(
        trx,
        now,
        { platformId: row.platformId, userId: row.id, userEmail: row.email, ip },
        { action: 'user.email.verified', data: { user: summary(row) } },
      );
      return row;
    });
    return userView(user);
  }

  /**
   * Sets a new password with the emailed code (410 INVALID_OTP when it is wrong, used, expired or
   * replaced); the user's existing session tokens stop working (their sessions end, PASSWORD_RESET), the address counts as verified
   * (the code reached it), and user.password.reset is recorded.
   */
  async resetPassword(request: ResetPasswordRequest, ip: string): Promise<void> {
    const userId = ownerOf(request);
    const passwordHash = await hashPassword(request.newPassword);
    await this.ctx.store.write(async (trx) => {
      const now = this.ctx.now();
      if (!(await consumeOneTimeCode(trx, userId, 'PASSWORD_RESET', request.otp, now))) {
        throw invalidCode();
      }
      const row = await resetUserPassword(trx, userId, passwordHash, now);
      await endUserSessions(trx, userId, 'PASSWORD_RESET', now);
      await recordAuditEvent(
        trx,
        now,
        { platformId: row.platformId, userId: row.id, userEmail: row.email, ip },
        { action: 'user.password.reset', data: { user: summary(row) } },
      );
    });
  }

  private async deliverCode(email: string, type: OtpType): Promise<void> {
    const users = await listActiveUsersByEmail(this.ctx.store.db, email);
    for (const user of users) {
      if (type === 'EMAIL_VERIFICATION' && user.verified === 1) continue;
      await this.sendCode(user, type);
    }
  }

  private async sendCode(user: UserRow, type: OtpType): Promise<void> {
    const otp = await this.ctx.store.write((trx) => issueOneTimeCode(trx, user.id, type, this.ctx.now()));
    const input = {
      publicUrl: this.ctx.settings.publicUrl,
      firstName: user.firstName,
      userId: user.id,
      otp,
      validFor: OTP_LIFETIME_TEXT[type],
    };
    const content = type === 'EMAIL_VERIFICATION' ? verificationEmail(input) : passwordResetEmail(input);
    await this.ctx.mailer.send({ to: user.email, ...content });
  }
}

/** The refusal of sign-in (and of sign-up's token) for a user whose address is not confirmed. */
export function emailNotVerified(email: string): PieceworkError {
  return new PieceworkError('EMAIL_IS_NOT_VERIFIED', {
    message: `Confirm ${email} first: open the link (or enter the code) of the verification email`,
    email,
  });
}

function ownerOf(request: { identityId?: string | undefined; userId?: string | undefined }): string {
  return request.identityId ?? request.userId ?? '';
}

function invalidCode(): PieceworkError {
  return new PieceworkError('INVALID_OTP', {
    message: 'The code is wrong, already used or expired; ask for a new one',
  });
}

function summary(user: UserRow) {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}
