/**
 * What a piece receives of an OAuth2 connection, as Activepieces hands it over: the
 * tokens and app fields, with the refresh token (and a client-credentials app's secret) replaced
 * by `(REDACTED)`; only the server refreshes.
 */
import type { AppConnectionValue } from '@piecework/shared';
import { isOAuth2Value } from './refresh-oauth2';

/** The text that stands in for a secret a piece does not get. */
export const REDACTED = '(REDACTED)';

/** `value` as pieces and `{{connections[...]}}` see it. */
export function redactForPieces(value: AppConnectionValue): AppConnectionValue {
  if (!isOAuth2Value(value)) return value;
  return {
    ...value,
    ...(value.refresh_token === undefined ? {} : { refresh_token: REDACTED }),
    ...(value['grant_type'] === 'client_credentials' ? { client_secret: REDACTED } : {}),
  };
}
