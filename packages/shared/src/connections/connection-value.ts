import { z } from 'zod';

/** The value of a SECRET_TEXT connection: one secret (an API key, a token). */
export const SecretTextConnectionValue = z.object({
  type: z.literal('SECRET_TEXT'),
  secret_text: z.string(),
});
export type SecretTextConnectionValue = z.infer<typeof SecretTextConnectionValue>;

/** The value of a BASIC_AUTH connection: a username and a password. */
export const BasicAuthConnectionValue = z.object({
  type: z.literal('BASIC_AUTH'),
  username: z.string(),
  password: z.string(),
});
export type BasicAuthConnectionValue = z.infer<typeof BasicAuthConnectionValue>;

/** The value of a CUSTOM_AUTH connection: the piece's own auth properties, by name. */
export const CustomAuthConnectionValue = z.object({
  type: z.literal('CUSTOM_AUTH'),
  props: z.record(z.string(), z.unknown()),
});
export type CustomAuthConnectionValue = z.infer<typeof CustomAuthConnectionValue>;

/** The value of a NO_AUTH connection: nothing beyond its type. */
export const NoAuthConnectionValue = z.object({ type: z.literal('NO_AUTH') });
export type NoAuthConnectionValue = z.infer<typeof NoAuthConnectionValue>;

/**
 * Token fields shared by the three OAuth2 types, in the snake_case the pieces read.
 * `claimed_at` (epoch seconds) + `expires_in` (seconds) tell when to refresh; `data` is the raw
 * token response; `props` the piece's extra OAuth2 properties. Other fields the token endpoint or
 * Activepieces adds (e.g. `client_secret`, `redirect_url`, `authorization_method`) are
 * kept as they are (loose object), since a refresh needs them.
 */
const oauth2Fields = {
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
  claimed_at: z.number().optional(),
  token_url: z.string().optional(),
  client_id: z.string().optional(),
  scope: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  props: z.record(z.string(), z.unknown()).optional(),
};

/** The value of an OAUTH2 connection (the app's own OAuth2 client). */
export const OAuth2ConnectionValue = z.looseObject({ type: z.literal('OAUTH2'), ...oauth2Fields });
export type OAuth2ConnectionValue = z.infer<typeof OAuth2ConnectionValue>;

/** The value of a CLOUD_OAUTH2 connection (a hosted OAuth2 client). */
export const CloudOAuth2ConnectionValue = z.looseObject({ type: z.literal('CLOUD_OAUTH2'), ...oauth2Fields });
export type CloudOAuth2ConnectionValue = z.infer<typeof CloudOAuth2ConnectionValue>;

/** The value of a PLATFORM_OAUTH2 connection (an OAuth2 client configured on the platform). */
export const PlatformOAuth2ConnectionValue = z.looseObject({
  type: z.literal('PLATFORM_OAUTH2'),
  ...oauth2Fields,
});
export type PlatformOAuth2ConnectionValue = z.infer<typeof PlatformOAuth2ConnectionValue>;

/**
 * A connection's secret value, told apart by `type`. This is what a piece receives as `auth`;
 * it is encrypted at rest and never returned by the API.
 */
export const AppConnectionValue = z.discriminatedUnion('type', [
  SecretTextConnectionValue,
  BasicAuthConnectionValue,
  CustomAuthConnectionValue,
  OAuth2ConnectionValue,
  CloudOAuth2ConnectionValue,
  PlatformOAuth2ConnectionValue,
  NoAuthConnectionValue,
]);
export type AppConnectionValue = z.infer<typeof AppConnectionValue>;
