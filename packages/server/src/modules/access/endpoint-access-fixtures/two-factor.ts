/**
 * The fixtures of the signed-in user's two-factor endpoints: each acts on the caller's own user
 * (so on any platform), and API keys, which have no second factor, are refused with 403.
 */
import type { Caller, Fixture } from './world';

const apiKeyRefused: readonly Caller[] = ['apiKey'];
/** A wrong code: 409 VALIDATION for a user without two-factor on (or without a pending secret). */
const wrongCode = {
  body: { code: '000000' },
  platformWide: true,
  allowedStatus: 409,
  refusedCallers: apiKeyRefused,
};

/** One row per endpoint (`area.name`): how to call it. */
export const TWO_FACTOR_FIXTURES: Record<string, Fixture> = {
  'twoFactor.status': async () => ({ platformWide: true, refusedCallers: apiKeyRefused }),
  'twoFactor.startEnrolment': async () => ({ platformWide: true, refusedCallers: apiKeyRefused }),
  'twoFactor.enable': async () => wrongCode,
  'twoFactor.regenerateRecoveryCodes': async () => wrongCode,
  'twoFactor.disable': async () => wrongCode,
};
