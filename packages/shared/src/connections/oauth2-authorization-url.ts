import { z } from 'zod';

/**
 * Body of `POST /v1/app-connections/oauth2/authorization-url`: where to send the user to consent,
 * for `pieceName`'s OAuth2 auth with `clientId`, coming back to `redirectUrl`. `props` fill the
 * `{placeholders}` of the piece's URLs.
 */
export const GetOAuth2AuthorizationUrlRequest = z.object({
  pieceName: z.string().min(1),
  pieceVersion: z.string().optional(),
  connectionType: z.enum(['OAUTH2', 'CLOUD_OAUTH2', 'PLATFORM_OAUTH2']),
  projectId: z.string().optional(),
  clientId: z.string().min(1),
  redirectUrl: z.string().min(1),
  props: z.record(z.string(), z.unknown()).optional(),
});
export type GetOAuth2AuthorizationUrlRequest = z.infer<typeof GetOAuth2AuthorizationUrlRequest>;

/**
 * The consent URL and, when the piece uses PKCE, the code verifier to send back as the upsert
 * value's `code_challenge` with the code.
 */
export const GetOAuth2AuthorizationUrlResponse = z.object({
  authorizationUrl: z.string(),
  codeVerifier: z.string().optional(),
});
export type GetOAuth2AuthorizationUrlResponse = z.infer<typeof GetOAuth2AuthorizationUrlResponse>;
