/**
 * The second factor of a password sign-in. After the password (and the platform's rules) passed,
 * {@link requireSecondFactor} lets the sign-in go on only when the user has no two-factor and the
 * platform does not require it, or the browser sent a valid remembered-device token of this user;
 * otherwise it throws 401 TWO_FACTOR_REQUIRED with a challenge. {@link passSecondFactor} checks the
 * challenge and a TOTP or recovery code (completing a required enrolment on the way) and names the
 * user whose sign-in may complete. Federated, SAML/OIDC and managed sign-ins never come here: their
 * identity provider is responsible for any second factor.
 */
import {
  generateId,
  PieceworkError,
  type TwoFactorEnrolment,
  type TwoFactorSignInRequest,
} from '@piecework/shared';
import { timestampOf } from '../../infrastructure/storage/timestamp';
import {
  hashRememberedDeviceToken,
  newRememberedDeviceToken,
  REMEMBERED_DEVICE_DAYS,
} from './remembered-device-token';
import {
  acceptRecoveryCode,
  acceptTotpCode,
  issueRecoveryCodes,
  millisOf,
  startEnrolment,
  type TwoFactorDependencies,
} from './two-factor-codes';
import { TwoFactorChallenges, type ChallengeClaims } from './two-factor-challenge';
import {
  findChallengedUser,
  findUserTwoFactor,
  insertRememberedDevice,
  markTwoFactorEnabled,
  platformRequiresTwoFactor,
  touchRememberedDevice,
} from './two-factor-repository';

/** The user a password sign-in has checked so far. */
export interface PasswordCheckedUser {
  id: string;
  platformId: string;
  email: string;
  tokenVersion: number;
}

/** What a passed second step adds to the sign-in's answer. */
export interface PassedSecondFactor {
  userId: string;
  /** The new recovery codes, when this step completed a required enrolment. */
  recoveryCodes?: string[];
  /** A token skipping this step for 30 days, when the request asked to remember the device. */
  rememberedDeviceToken?: string;
}

/**
 * Returns when `user` may sign in with the password alone: two-factor is off and not required, or
 * `rememberedDeviceToken` is a valid, unexpired token of this user. Otherwise throws 401
 * TWO_FACTOR_REQUIRED with `{challenge, enrolmentRequired}`.
 */
export async function requireSecondFactor(
  deps: TwoFactorDependencies,
  user: PasswordCheckedUser,
  rememberedDeviceToken: string | undefined,
): Promise<void> {
  const db = deps.store.db;
  const enabled = (await findUserTwoFactor(db, user.id))?.enabled === 1;
  if (!enabled && !(await platformRequiresTwoFactor(db, user.platformId))) return;
  if (enabled && rememberedDeviceToken !== undefined) {
    const tokenHash = hashRememberedDeviceToken(rememberedDeviceToken);
    const remembered = await deps.store.write((trx) =>
      touchRememberedDevice(trx, user.id, tokenHash, deps.now()),
    );
    if (remembered) return;
  }
  const challenge = await new TwoFactorChallenges(deps.settings.jwtSecret).issue(
    {
      userId: user.id,
      platformId: user.platformId,
      tokenVersion: user.tokenVersion,
      email: user.email,
      enrolmentRequired: !enabled,
    },
    millisOf(deps.now()),
  );
  throw new PieceworkError('TWO_FACTOR_REQUIRED', {
    message: 'Enter the code of your authenticator app to finish signing in',
    challenge,
    enrolmentRequired: !enabled,
  });
}

/** The claims of a valid challenge whose user still exists, is active and has the same token version. */
async function checkedChallenge(deps: TwoFactorDependencies, challenge: string): Promise<ChallengeClaims> {
  const claims = await new TwoFactorChallenges(deps.settings.jwtSecret).verify(
    challenge,
    millisOf(deps.now()),
  );
  const user = claims === null ? undefined : await findChallengedUser(deps.store.db, claims.userId);
  if (
    claims === null ||
    user === undefined ||
    user.status !== 'ACTIVE' ||
    user.platformId !== claims.platformId ||
    user.tokenVersion !== claims.tokenVersion
  ) {
    throw new PieceworkError('AUTHENTICATION', {
      message: 'This sign-in has expired; sign in with your password again',
    });
  }
  return claims;
}

function wrongCode(): PieceworkError {
  return new PieceworkError('INVALID_CREDENTIALS', { message: 'The code is wrong, expired or already used' });
}

/**
 * A new pending secret for the user of an enrolment-required challenge (the platform requires
 * two-factor and the user has not set it up); 409 CONFLICT for any other challenge.
 */
export async function startSignInEnrolment(
  deps: TwoFactorDependencies,
  challenge: string,
): Promise<TwoFactorEnrolment> {
  const claims = await checkedChallenge(deps, challenge);
  return deps.store.write(async (trx) => {
    const row = await findUserTwoFactor(trx, claims.userId);
    if (!claims.enrolmentRequired || row?.enabled === 1) {
      throw new PieceworkError('CONFLICT', {
        message: 'Two-factor authentication is already set up for this user',
      });
    }
    return startEnrolment(deps, trx, { id: claims.userId, email: claims.email }, deps.now());
  });
}

/**
 * Checks the second step: the challenge, then the TOTP `code` of the user's secret or an unused
 * `recoveryCode` (each accepted once). For an enrolment-required challenge, the code must be of the
 * pending secret: two-factor is then enabled and recovery codes issued. Wrong codes: 401
 * INVALID_CREDENTIALS.
 */
export async function passSecondFactor(
  deps: TwoFactorDependencies,
  request: TwoFactorSignInRequest,
  userAgent: string | undefined,
): Promise<PassedSecondFactor> {
  const claims = await checkedChallenge(deps, request.challenge);
  return deps.store.write(async (trx) => {
    const now = deps.now();
    const row = await findUserTwoFactor(trx, claims.userId);
    const passed: PassedSecondFactor = { userId: claims.userId };
    if (row === undefined || row.enabled !== 1) {
      const mayEnrol =
        row !== undefined &&
        claims.enrolmentRequired &&
        (await platformRequiresTwoFactor(trx, claims.platformId));
      if (!mayEnrol || request.code === undefined) {
        throw new PieceworkError('AUTHENTICATION', {
          message: 'Set up your authenticator app first, then enter its code',
        });
      }
      if (!(await acceptTotpCode(deps, trx, row, request.code, now))) throw wrongCode();
      await markTwoFactorEnabled(trx, claims.userId, now);
      passed.recoveryCodes = await issueRecoveryCodes(trx, claims.userId, now);
    } else {
      const accepted =
        request.code !== undefined
          ? await acceptTotpCode(deps, trx, row, request.code, now)
          : await acceptRecoveryCode(trx, claims.userId, request.recoveryCode ?? '', now);
      if (!accepted) throw wrongCode();
    }
    if (request.rememberDevice === true) {
      const { token, tokenHash } = newRememberedDeviceToken();
      await insertRememberedDevice(trx, {
        id: generateId(),
        userId: claims.userId,
        tokenHash,
        expiresAt: timestampOf(millisOf(now) + REMEMBERED_DEVICE_DAYS * 24 * 60 * 60 * 1000),
        userAgent: userAgent?.slice(0, 500) ?? null,
        created: now,
        lastUsed: now,
      });
      passed.rememberedDeviceToken = token;
    }
    return passed;
  });
}
