/**
 * Errors of the MCP authorization server's root routes, on the wire as OAuth errors (RFC 6749
 * §5.2, RFC 7591 §3.2.2, RFC 7009 §2.2.1): `{error, error_description}` with the HTTP status the
 * error has, never the API's `{code, params}`. Throw an {@link OAuthError} from a root route; the
 * plugin's error handler (`mcp-oauth-root-routes.ts`) answers it, with `Cache-Control: no-store`.
 */

/** The error codes the authorization server answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'unsupported_response_type'
  | 'invalid_target'
  | 'access_denied'
  | 'server_error'
  | 'temporarily_unavailable';

/** An OAuth error to answer: its code, a description for the developer, status and headers. */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';

  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(description);
  }

  /** The body: `{error, error_description}`. */
  toJSON(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

/** Shorthand for a 400 `invalid_request` with `description`. */
export function invalidOAuthRequest(description: string): OAuthError {
  return new OAuthError('invalid_request', description);
}

/** The headers every token, revocation and registration answer carries (RFC 6749 §5.1). */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  pragma: 'no-cache',
};
