/**
 * The rows of two-factor authentication: a user's TOTP secret and state, their recovery codes,
 * and their remembered devices. Column conventions: see `../database.ts`.
 */
import type { ColumnType } from 'kysely';
import type { SqlBoolean, Timestamp, Timestamps } from './column-types';

/** `userTwoFactor`: one user's TOTP secret (sealed with the SecretBox) and whether it is on. */
export interface UserTwoFactorTable extends Timestamps {
  userId: string;
  /** The base32 secret, sealed (`SecretBox.seal`). */
  sealedSecret: string;
  /** 1 once a code of the secret confirmed the enrolment. */
  enabled: SqlBoolean;
  enabledAt: Timestamp | null;
  /** The TOTP time step of the last accepted code (codes of that step or earlier are refused). */
  lastUsedStep: ColumnType<number | null, number | null | undefined, number | null>;
}

/** `twoFactorRecoveryCode`: one single-use recovery code, as the SHA-256 of its normalised text. */
export interface TwoFactorRecoveryCodeTable {
  id: string;
  userId: string;
  codeHash: string;
  usedAt: Timestamp | null;
  created: Timestamp;
}

/** `rememberedDevice`: a browser that skips the second step until `expiresAt`, by its token's SHA-256. */
export interface RememberedDeviceTable {
  id: string;
  userId: string;
  tokenHash: string;
  expiresAt: Timestamp;
  userAgent: string | null;
  created: Timestamp;
  lastUsed: Timestamp;
}
