import { z } from 'zod';
import { AuthPropertyMap } from './piece-property';

/** The kinds of auth a piece can declare (the `type` of a {@link PieceAuth}). */
export const PieceAuthType = z.enum(['SECRET_TEXT', 'BASIC_AUTH', 'CUSTOM_AUTH', 'OAUTH2', 'NO_AUTH']);
export type PieceAuthType = z.infer<typeof PieceAuthType>;

/** Fields every auth variant has. Loose objects: framework extras are kept as they are. */
const authFields = {
  displayName: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
  defaultValue: z.unknown().optional(),
  /** Whether the piece tells connections of different accounts apart (`getConnectionIdentifier`). */
  hasConnectionIdentifier: z.boolean().optional(),
};

/** A label of one BASIC_AUTH input. */
const AuthInputLabel = z.object({ displayName: z.string(), description: z.string().optional() });

/** Auth by one secret (API key, token); connections of type SECRET_TEXT. */
export const SecretTextPieceAuth = z.looseObject({ ...authFields, type: z.literal('SECRET_TEXT') });
export type SecretTextPieceAuth = z.infer<typeof SecretTextPieceAuth>;

/** Auth by username and password, with labels for both; connections of type BASIC_AUTH. */
export const BasicAuthPieceAuth = z.looseObject({
  ...authFields,
  type: z.literal('BASIC_AUTH'),
  username: AuthInputLabel,
  password: AuthInputLabel,
});
export type BasicAuthPieceAuth = z.infer<typeof BasicAuthPieceAuth>;

/** Auth by the piece's own properties (`props`); connections of type CUSTOM_AUTH. */
export const CustomAuthPieceAuth = z.looseObject({
  ...authFields,
  type: z.literal('CUSTOM_AUTH'),
  props: AuthPropertyMap,
});
export type CustomAuthPieceAuth = z.infer<typeof CustomAuthPieceAuth>;

/**
 * OAuth2 auth: where to authorize and get tokens, the scopes, and options of the code exchange
 * (`pkce`, `pkceMethod`, `authorizationMethod` HEADER/BODY, `grantType`, `extra` parameters) and
 * optional extra `props`. Connections of type OAUTH2, CLOUD_OAUTH2 or PLATFORM_OAUTH2.
 */
export const OAuth2PieceAuth = z.looseObject({
  ...authFields,
  type: z.literal('OAUTH2'),
  authUrl: z.string(),
  tokenUrl: z.string(),
  scope: z.array(z.string()),
  pkce: z.boolean().optional(),
  pkceMethod: z.string().optional(),
  authorizationMethod: z.string().optional(),
  grantType: z.string().optional(),
  extra: z.record(z.string(), z.string()).optional(),
  props: AuthPropertyMap.optional(),
});
export type OAuth2PieceAuth = z.infer<typeof OAuth2PieceAuth>;

/** An explicit "no auth" declaration (the framework also says this by leaving `auth` undefined). */
export const NoAuthPieceAuth = z.looseObject({
  type: z.literal('NO_AUTH'),
  displayName: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  hasConnectionIdentifier: z.boolean().optional(),
});
export type NoAuthPieceAuth = z.infer<typeof NoAuthPieceAuth>;

/** A piece's auth declaration, told apart by `type`. */
export const PieceAuth = z.discriminatedUnion('type', [
  SecretTextPieceAuth,
  BasicAuthPieceAuth,
  CustomAuthPieceAuth,
  OAuth2PieceAuth,
  NoAuthPieceAuth,
]);
export type PieceAuth = z.infer<typeof PieceAuth>;
