/**
 * What the new-connection form holds and the `POST /v1/app-connections` request it makes, for
 * each auth type of the pieces framework: SECRET_TEXT (the secret), BASIC_AUTH (username and
 * password), CUSTOM_AUTH (the piece's auth properties), OAUTH2 (the code the consent popup
 * brought back, with the platform's OAuth2 app or the user's own client) and NO_AUTH.
 */
import type { OAuth2PieceAuth, PieceAuth, UpsertAppConnectionRequest } from '@piecework/shared';

/** Whose OAuth2 client a connection is claimed with. */
export type OAuth2Client = 'platform' | 'own';

/** The form of a new connection. */
export interface ConnectionForm {
  readonly displayName: string;
  readonly externalId: string;
  readonly secret: string;
  readonly username: string;
  readonly password: string;
  /** CUSTOM_AUTH properties, or OAUTH2 extra properties. */
  readonly props: Readonly<Record<string, unknown>>;
  readonly oauth2Client: OAuth2Client;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The authorization an OAuth2 consent brought back. */
export interface OAuth2Grant {
  readonly code: string;
  /** The PKCE verifier of the authorization URL, sent back as `code_challenge`. */
  readonly codeVerifier: string | undefined;
}

/** Whether the piece's OAuth2 auth claims tokens without a user's consent. */
export function usesClientCredentials(auth: OAuth2PieceAuth): boolean {
  return auth.grantType === 'client_credentials';
}

/** The OAuth2 connection type for the chosen client. */
export function oauth2ConnectionType(client: OAuth2Client): 'OAUTH2' | 'PLATFORM_OAUTH2' {
  return client === 'platform' ? 'PLATFORM_OAUTH2' : 'OAUTH2';
}

/** The upsert request of `form` for `auth`; OAuth2 needs the consent's `grant` (unless client credentials). */
export function upsertRequest(options: {
  projectId: string;
  pieceName: string;
  pieceVersion: string;
  auth: PieceAuth;
  form: ConnectionForm;
  grant: OAuth2Grant | null;
  redirectUrl: string;
}): UpsertAppConnectionRequest {
  const { auth, form } = options;
  const base = {
    projectId: options.projectId,
    pieceName: options.pieceName,
    pieceVersion: options.pieceVersion,
    displayName: form.displayName.trim(),
    externalId: form.externalId.trim(),
  };
  switch (auth.type) {
    case 'SECRET_TEXT':
      return { ...base, type: 'SECRET_TEXT', value: { type: 'SECRET_TEXT', secret_text: form.secret } };
    case 'BASIC_AUTH':
      return {
        ...base,
        type: 'BASIC_AUTH',
        value: { type: 'BASIC_AUTH', username: form.username, password: form.password },
      };
    case 'CUSTOM_AUTH':
      return { ...base, type: 'CUSTOM_AUTH', value: { type: 'CUSTOM_AUTH', props: { ...form.props } } };
    case 'NO_AUTH':
      return { ...base, type: 'NO_AUTH', value: { type: 'NO_AUTH' } };
    case 'OAUTH2': {
      const clientCredentials = usesClientCredentials(auth);
      if (!clientCredentials && options.grant === null) throw new Error('Connect to the provider first.');
      const common = {
        client_id: form.clientId.trim(),
        // The client-credentials grant has no code; the server ignores this one.
        code: options.grant?.code ?? 'client_credentials',
        ...(options.grant?.codeVerifier === undefined ? {} : { code_challenge: options.grant.codeVerifier }),
        scope: auth.scope.join(' '),
        redirect_url: options.redirectUrl,
        props: { ...form.props },
        ...authorizationMethod(auth),
      };
      if (form.oauth2Client === 'platform') {
        return { ...base, type: 'PLATFORM_OAUTH2', value: { ...common, type: 'PLATFORM_OAUTH2' } };
      }
      return {
        ...base,
        type: 'OAUTH2',
        value: {
          ...common,
          type: 'OAUTH2',
          client_secret: form.clientSecret,
          ...(clientCredentials ? { grant_type: 'client_credentials' as const } : {}),
        },
      };
    }
  }
}

/** The piece's `authorizationMethod`, when it names one the server knows. */
function authorizationMethod(auth: OAuth2PieceAuth): { authorization_method?: 'HEADER' | 'BODY' } {
  const method = auth.authorizationMethod;
  return method === 'HEADER' || method === 'BODY' ? { authorization_method: method } : {};
}
