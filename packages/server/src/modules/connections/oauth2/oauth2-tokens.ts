/**
 * The token fields of a stored OAuth2 connection value, as Activepieces keeps them:
 * the token response's fields at the top, the rest of it under `data`, and `claimed_at` (epoch
 * seconds) for expiry. Refreshes are due 15 minutes before `claimed_at + expires_in`.
 */

/** Refresh this many seconds before a token expires (Activepieces' margin). */
export const REFRESH_MARGIN_SECONDS = 15 * 60;

/** Lifetime assumed when the provider does not say (`expires_in` absent), in seconds. */
export const DEFAULT_EXPIRES_IN_SECONDS = 60 * 60;

/** Fields of a token response kept at the top of the value rather than under `data`. */
const TOKEN_FIELDS = ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type'];

/**
 * The stored form of token response `response`, claimed at `nowSeconds`: its fields, `data` (the
 * response without the token fields) and `claimed_at`. A missing or null field is left out, so
 * merging it over an older value keeps the older one (a refresh answer without a new
 * `refresh_token` keeps the old one).
 */
export function stampTokens(response: Record<string, unknown>, nowSeconds: number): Record<string, unknown> {
  const kept = Object.fromEntries(
    Object.entries(response).filter(([, value]) => value !== undefined && value !== null),
  );
  const data = Object.fromEntries(Object.entries(kept).filter(([key]) => !TOKEN_FIELDS.includes(key)));
  const expiresIn = Number(kept['expires_in']);
  return {
    ...kept,
    ...(Number.isFinite(expiresIn) ? { expires_in: expiresIn } : {}),
    data,
    claimed_at: nowSeconds,
  };
}

/** The fields {@link isRefreshDue} looks at. */
export interface TokenTimes {
  refresh_token?: string | undefined;
  expires_in?: number | undefined;
  claimed_at?: number | undefined;
  grant_type?: unknown;
}

/**
 * True when the tokens should be refreshed at `nowSeconds`: within {@link REFRESH_MARGIN_SECONDS}
 * of expiry. An authorization-code grant without a refresh token is never refreshed (there is
 * nothing to refresh with); a client-credentials grant is claimed again.
 */
export function isRefreshDue(value: TokenTimes, nowSeconds: number): boolean {
  const grantType = value.grant_type ?? 'authorization_code';
  if (
    grantType === 'authorization_code' &&
    (value.refresh_token === undefined || value.refresh_token === '')
  ) {
    return false;
  }
  const expiresIn = value.expires_in ?? DEFAULT_EXPIRES_IN_SECONDS;
  return nowSeconds + REFRESH_MARGIN_SECONDS >= (value.claimed_at ?? 0) + expiresIn;
}

/** `template` with each `{key}` of `props` replaced by its value (URLs such as `https://{subdomain}.example.com`). */
export function fillPlaceholders(template: string, props: Record<string, unknown> | undefined): string {
  let filled = template;
  for (const [key, value] of Object.entries(props ?? {})) {
    filled = filled.split(`{${key}}`).join(String(value));
  }
  return filled;
}
