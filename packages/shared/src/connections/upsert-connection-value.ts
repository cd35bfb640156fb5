import { z } from 'zod';
import {
  BasicAuthConnectionValue,
  CustomAuthConnectionValue,
  NoAuthConnectionValue,
  SecretTextConnectionValue,
} from './connection-value';
import { OAuth2AuthorizationMethod, OAuth2GrantType } from './oauth2-settings';

/**
 * What every OAuth2 upsert carries, as Activepieces' builder sends it after the
 * consent popup: the app's `client_id`, the authorization `code`, the `scope` asked for and,
 * when the piece uses PKCE, the code verifier in `code_challenge` (Activepieces' name for it).
 */
const oauth2UpsertFields = {
  client_id: z.string().min(1),
  code: z.string().min(1),
  code_challenge: z.string().optional(),
  scope: z.string(),
  authorization_method: OAuth2AuthorizationMethod.optional(),
  props: z.record(z.string(), z.unknown()).optional(),
};

/**
 * An OAUTH2 upsert value: the app's own client (`client_id`, `client_secret`) and the code the
 * provider sent to `redirect_url`. The server exchanges the code at the piece's token URL and
 * stores the tokens; the code is never used twice.
 */
export const UpsertOAuth2Value = z.object({
  ...oauth2UpsertFields,
  type: z.literal('OAUTH2'),
  client_secret: z.string().min(1),
  redirect_url: z.string().min(1),
  grant_type: OAuth2GrantType.optional(),
});
export type UpsertOAuth2Value = z.infer<typeof UpsertOAuth2Value>;

/**
 * A PLATFORM_OAUTH2 upsert value: like {@link UpsertOAuth2Value} without the secret, which the
 * server takes from the platform's OAuth2 app for this piece and client id (`/v1/oauth-apps`).
 */
export const UpsertPlatformOAuth2Value = z.object({
  ...oauth2UpsertFields,
  type: z.literal('PLATFORM_OAUTH2'),
  redirect_url: z.string().min(1),
});
export type UpsertPlatformOAuth2Value = z.infer<typeof UpsertPlatformOAuth2Value>;

/**
 * A CLOUD_OAUTH2 upsert value (Activepieces' hosted OAuth2 apps). Accepted by the
 * schema so that exported requests parse; the server answers that the type is not offered.
 */
export const UpsertCloudOAuth2Value = z.object({
  ...oauth2UpsertFields,
  type: z.literal('CLOUD_OAUTH2'),
});
export type UpsertCloudOAuth2Value = z.infer<typeof UpsertCloudOAuth2Value>;

/**
 * The `value` of `POST /v1/app-connections`, told apart by `type`: the stored value itself for
 * the secret types, a code to exchange for the OAuth2 types.
 */
export const UpsertAppConnectionValue = z.discriminatedUnion('type', [
  SecretTextConnectionValue,
  BasicAuthConnectionValue,
  CustomAuthConnectionValue,
  UpsertOAuth2Value,
  UpsertCloudOAuth2Value,
  UpsertPlatformOAuth2Value,
  NoAuthConnectionValue,
]);
export type UpsertAppConnectionValue = z.infer<typeof UpsertAppConnectionValue>;
