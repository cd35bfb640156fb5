/**
 * A signed-in user's own two-factor settings: the status, setting up an authenticator app
 * (a pending secret, confirmed by a code of it, which answers 10 recovery codes), new recovery
 * codes, and turning it off (refused while the platform requires it). API keys have no second
 * factor: they get 403.
 */
import {
  PieceworkError,
  type RecoveryCodes,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@piecework/shared';
import type { Principal, UserPrincipal } from '../../infrastructure/auth/principal';
import { ruleViolation } from '../../infrastructure/errors';
import {
  acceptRecoveryCode,
  acceptTotpCode,
  issueRecoveryCodes,
  startEnrolment,
  type TwoFactorDependencies,
} from './two-factor-codes';
import {
  countRememberedDevices,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findUserTwoFactor,
  markTwoFactorEnabled,
  platformRequiresTwoFactor,
} from './two-factor-repository';

/** The caller as a user (the endpoints' USER_ACCESS has refused API keys already). */
function userOf(principal: Principal): UserPrincipal {
  if (principal.type !== 'USER') {
    throw new PieceworkError('AUTHORIZATION', {
      message: 'Two-factor authentication is for users, not API keys',
    });
  }
  return principal;
}

function wrongCode(): PieceworkError {
  return ruleViolation('The code is wrong, expired or already used', { field: 'code' });
}

/** The signed-in user's own two-factor operations. */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDependencies) {}

  /** Whether two-factor is on, how many recovery codes are left, how many devices are remembered. */
  async status(principal: Principal): Promise<TwoFactorStatus> {
    const user = userOf(principal);
    const db = this.deps.store.db;
    const row = await findUserTwoFactor(db, user.id);
    const enabled = row?.enabled === 1;
    return {
      enabled,
      recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
      rememberedDevices: enabled ? await countRememberedDevices(db, user.id, this.deps.now()) : 0,
    };
  }

  /** A new pending secret (replacing an earlier pending one); 409 CONFLICT when two-factor is on. */
  startEnrolment(principal: Principal): Promise<TwoFactorEnrolment> {
    const user = userOf(principal);
    return this.deps.store.write(async (trx) => {
      const row = await findUserTwoFactor(trx, user.id);
      if (row?.enabled === 1) {
        throw new PieceworkError('CONFLICT', {
          message: 'Two-factor authentication is already on; turn it off first to set up another app',
        });
      }
      return startEnrolment(this.deps, trx, user, this.deps.now());
    });
  }

  /** Turns two-factor on with a code of the pending secret; answers the 10 recovery codes. */
  enable(principal: Principal, code: string): Promise<RecoveryCodes> {
    const user = userOf(principal);
    return this.deps.store.write(async (trx) => {
      const now = this.deps.now();
      const row = await findUserTwoFactor(trx, user.id);
      if (row === undefined) {
        throw ruleViolation('Start setting up two-factor authentication first');
      }
      if (row.enabled === 1) {
        throw new PieceworkError('CONFLICT', { message: 'Two-factor authentication is already on' });
      }
      if (!(await acceptTotpCode(this.deps, trx, row, code, now))) throw wrongCode();
      await markTwoFactorEnabled(trx, user.id, now);
      return { recoveryCodes: await issueRecoveryCodes(trx, user.id, now) };
    });
  }

  /** New recovery codes (the old ones stop working), given a current TOTP code. */
  regenerateRecoveryCodes(principal: Principal, code: string): Promise<RecoveryCodes> {
    const user = userOf(principal);
    return this.deps.store.write(async (trx) => {
      const now = this.deps.now();
      const row = await findUserTwoFactor(trx, user.id);
      if (row?.enabled !== 1) throw ruleViolation('Two-factor authentication is off');
      if (!(await acceptTotpCode(this.deps, trx, row, code, now))) throw wrongCode();
      return { recoveryCodes: await issueRecoveryCodes(trx, user.id, now) };
    });
  }

  /**
   * Turns two-factor off, given a current TOTP code or an unused recovery code: the secret,
   * recovery codes and remembered devices are deleted. Refused (403) while the platform requires it.
   */
  disable(principal: Principal, code: string): Promise<void> {
    const user = userOf(principal);
    return this.deps.store.write(async (trx) => {
      const now = this.deps.now();
      const row = await findUserTwoFactor(trx, user.id);
      if (row?.enabled !== 1) throw ruleViolation('Two-factor authentication is off');
      if (await platformRequiresTwoFactor(trx, user.platformId)) {
        throw new PieceworkError('AUTHORIZATION', {
          message: 'Your platform requires two-factor authentication, so it cannot be turned off',
        });
      }
      const accepted =
        (await acceptTotpCode(this.deps, trx, row, code, now)) ||
        (await acceptRecoveryCode(trx, user.id, code, now));
      if (!accepted) throw wrongCode();
      await deleteTwoFactor(trx, user.id);
    });
  }
}
