import { z } from 'zod';

/**
 * Every error code that can appear on the wire, with the HTTP status it is answered with.
 * The server maps a thrown {@link PieceworkError} to `{code, params}` and this status;
 * the client picks the code back out of the body.
 */
export const ERROR_STATUS = {
  /** A business rule refused the request (409). Schema failures use the same code with 400. */
  VALIDATION: 409,
  FLOW_OPERATION_INVALID: 400,
  AUTHENTICATION: 401,
  /** A SAML response that is unsigned, tampered with, expired, replayed, for another audience or lacking the user's email (Activepieces' code). */
  INVALID_SAML_RESPONSE: 401,
  INVALID_BEARER_TOKEN: 401,
  INVALID_CREDENTIALS: 401,
  /**
   * The password was right, but the user (or their platform) needs a second factor: `params` carry
   * `challenge` (a short-lived token for `POST /v1/authn/local/two-factor`) and `enrolmentRequired`.
   */
  TWO_FACTOR_REQUIRED: 401,
  /** Sign-in (or sign-up) of a user who has not confirmed their email address yet (a code was emailed). */
  EMAIL_IS_NOT_VERIFIED: 403,
  /** A one-time code that is wrong, already used, expired or replaced by a newer one. */
  INVALID_OTP: 410,
  QUOTA_EXCEEDED: 402,
  PERMISSION_DENIED: 403,
  AUTHORIZATION: 403,
  ENTITY_NOT_FOUND: 404,
  EXISTING_USER: 409,
  CONFLICT: 409,
  FLOW_IN_USE: 409,
  SIGN_UP_DISABLED: 403,
  /** A self-hosted server takes new users by invitation only (and this email has none accepted). */
  INVITATION_ONLY_SIGN_UP: 403,
  /** The platform only lets users of its `allowedAuthDomains` sign up or sign in. */
  DOMAIN_NOT_ALLOWED: 403,
  /** The platform has turned email-and-password sign-in and sign-up off (`emailAuthEnabled`). */
  EMAIL_AUTH_DISABLED: 403,
  DISPOSABLE_EMAIL: 400,
  /** An OAuth2 code could not be exchanged for tokens at the piece's token URL. */
  INVALID_CLAIM: 400,
  /** A connection the server cannot make: a type it does not offer, or one the piece's auth does not take. */
  INVALID_APP_CONNECTION: 400,
  /** An outbound request to an address the SSRF filter blocks (not on AP_SSRF_ALLOW_LIST). */
  SSRF_BLOCKED: 400,
  /** An AI provider answered an error, or no answer (`params.message` is the provider's own message). */
  AI_PROVIDER_ERROR: 502,
  /** The client did not send its whole request in time (the server's headers or request timeout). */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** A `/sync` webhook's flow run failed without responding (504 when it ran out of time). */
  FLOW_RUN_FAILED: 500,
  INTERNAL_ERROR: 500,
  /** The database does not answer (PostgreSQL down or unreachable); try again shortly. */
  DATABASE_UNAVAILABLE: 503,
  /** A license key that is malformed, not signed by the configured vendor key, or refused because none is configured. */
  INVALID_LICENSE_KEY: 400,
  /** A license key whose `expiresAt` has passed. */
  LICENSE_KEY_EXPIRED: 400,
  /**
   * A git remote refused or failed a git sync call: `params.reason` is PUSH_REJECTED,
   * AUTHENTICATION_FAILED, HOST_KEY_CHANGED, REPOSITORY_NOT_FOUND, REMOTE_UNREACHABLE, TIMEOUT or
   * GIT_FAILED, `params.message` git's own words.
   */
  GIT_SYNC_FAILED: 502,
  /** The platform's plan turns the feature off (see `PlatformPlanFeatures`). */
  FEATURE_DISABLED: 402,
} as const;

/** The fixed set of error codes (`{code, params}` bodies carry one of these). */
export const ErrorCode = z.enum(
  Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]],
);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Extra facts of an error, e.g. `{message, entityType, entityId}`. */
export const ErrorParams = z.record(z.string(), z.unknown());
export type ErrorParams = z.infer<typeof ErrorParams>;

/** The one error body every route answers with: `{code, params}`. */
export const ErrorBody = z.object({ code: ErrorCode, params: ErrorParams });
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * The error every Piecework package throws for an expected failure (bad input, missing entity,
 * an operation that cannot apply). Check it by `code`, never by message:
 * ```ts
 * catch (e) { if (isPieceworkError(e, 'ENTITY_NOT_FOUND')) return null; throw e; }
 * ```
 */
export class PieceworkError extends Error {
  override readonly name = 'PieceworkError';
  /**
   * @param statusOverride - answer with this status instead of the code's usual one (a schema
   * failure is `VALIDATION` with 400, where a business-rule `VALIDATION` is 409).
   */
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams & { message: string },
    private readonly statusOverride?: number,
  ) {
    super(params.message);
  }

  /** The HTTP status this error is answered with. */
  get status(): number {
    return this.statusOverride ?? ERROR_STATUS[this.code];
  }

  /** The wire form `{code, params}`. */
  toBody(): ErrorBody {
    return { code: this.code, params: { ...this.params } };
  }
}

/** True when `error` is a {@link PieceworkError}, optionally of the given code. */
export function isPieceworkError(error: unknown, code?: ErrorCode): error is PieceworkError {
  return error instanceof PieceworkError && (code === undefined || error.code === code);
}

/**
 * Thrown by the flow-version algebra when an operation cannot apply (unknown step, bad branch
 * index, a location that does not fit the parent...). `params.message` says what is wrong.
 */
export class FlowOperationError extends PieceworkError {
  constructor(message: string, details: ErrorParams = {}) {
    super('FLOW_OPERATION_INVALID', { ...details, message });
  }
}
