import { z } from 'zod';

/**
 * How the client authenticates at the token endpoint: `BODY` sends `client_id` and
 * `client_secret` as form fields (the default), `HEADER` as HTTP basic auth. A piece's
 * `PieceAuth.OAuth2({authorizationMethod})` picks one.
 */
export const OAuth2AuthorizationMethod = z.enum(['HEADER', 'BODY']);
export type OAuth2AuthorizationMethod = z.infer<typeof OAuth2AuthorizationMethod>;

/**
 * The OAuth2 grant a connection was claimed with: `authorization_code` (a user consented; the
 * default) or `client_credentials` (the app acts for itself; refreshed by claiming again).
 */
export const OAuth2GrantType = z.enum(['authorization_code', 'client_credentials']);
export type OAuth2GrantType = z.infer<typeof OAuth2GrantType>;
