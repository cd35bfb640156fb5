/**
 * Two-factor authentication (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps) for password
 * sign-in: the user's status, enrolment, recovery codes, and the second step of a sign-in.
 */
import { z } from 'zod';
import { AuthenticationResponse } from './authentication';

/** A 6-digit code of an authenticator app (spaces around or inside are dropped). */
export const TotpCode = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'must be the 6 digits your authenticator app shows' }));
export type TotpCode = z.infer<typeof TotpCode>;

/** A single-use recovery code as shown at enrolment (`xxxxx-xxxxx`; case, spaces and dashes do not matter). */
export const RecoveryCode = z.string().trim().min(8).max(40);
export type RecoveryCode = z.infer<typeof RecoveryCode>;

/** Answer of `GET /v1/users/me/two-factor`: whether it is on, recovery codes left, devices remembered. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
  rememberedDevices: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/**
 * A new TOTP secret to add to an authenticator app: `secret` in base32 (typed by hand) and
 * `otpauthUrl` (`otpauth://totp/...`, shown as a QR code).
 */
export const TwoFactorEnrolment = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

/** Body of enable and of regenerating recovery codes: a current code of the authenticator app. */
export const TwoFactorCodeRequest = z.object({ code: TotpCode });
export type TwoFactorCodeRequest = z.infer<typeof TwoFactorCodeRequest>;

/** Body of `POST /v1/users/me/two-factor/disable`: a current TOTP code or an unused recovery code. */
export const DisableTwoFactorRequest = z.object({ code: z.string().trim().min(6).max(40) });
export type DisableTwoFactorRequest = z.infer<typeof DisableTwoFactorRequest>;

/** The 10 single-use recovery codes, shown this once (earlier ones stop working). */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** The params of a TWO_FACTOR_REQUIRED error: what the second step of a sign-in needs. */
export const TwoFactorRequiredParams = z.object({
  /** A signed token valid 5 minutes, naming the user who passed the password check. */
  challenge: z.string(),
  /** True when the platform requires two-factor authentication and the user has not set it up. */
  enrolmentRequired: z.boolean(),
});
export type TwoFactorRequiredParams = z.infer<typeof TwoFactorRequiredParams>;

/** Body of `POST /v1/authn/local/two-factor/enrolment`: the challenge of an enrolment-required sign-in. */
export const TwoFactorChallengeRequest = z.object({ challenge: z.string().min(1).max(4000) });
export type TwoFactorChallengeRequest = z.infer<typeof TwoFactorChallengeRequest>;

/**
 * Body of `POST /v1/authn/local/two-factor`: the challenge and either a TOTP `code` or a
 * `recoveryCode`; `rememberDevice` answers a token that skips this step for 30 days.
 */
export const TwoFactorSignInRequest = z
  .object({
    challenge: z.string().min(1).max(4000),
    code: TotpCode.optional(),
    recoveryCode: RecoveryCode.optional(),
    rememberDevice: z.boolean().optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: 'give either code or recoveryCode',
    path: ['code'],
  });
export type TwoFactorSignInRequest = z.infer<typeof TwoFactorSignInRequest>;

/**
 * Answer of the second step: what sign-in answers, plus `rememberedDeviceToken` (when asked for)
 * and `recoveryCodes` (when this step completed a required enrolment).
 */
export const TwoFactorSignInResponse = AuthenticationResponse.extend({
  rememberedDeviceToken: z.string().optional(),
  recoveryCodes: z.array(z.string()).optional(),
});
export type TwoFactorSignInResponse = z.infer<typeof TwoFactorSignInResponse>;
