/**
 * The pending authorization `/authorize` hands to the consent page: a signed, 10-minute
 * `authRequestId` (HS256 JWT) holding what the client asked (client, redirect URI, PKCE challenge,
 * state, scopes, resource). Nothing is stored until the user approves. It is signed with a key
 * derived from the instance secret for this one use and its own audience, so it can never pass
 * as a session token or an MCP access token (nor they as it). Use {@link mcpAuthRequestsOf}.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { ServerSettings } from '../../infrastructure/config/server-settings';
import { mcpIssuer } from './mcp-access-tokens';

/** How long the user has to approve or deny, in seconds. */
export const AUTH_REQUEST_SECONDS = 10 * 60;

/** What the client asked at `/authorize`, once checked. */
export interface McpAuthRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state: string | undefined;
  readonly scopes: readonly string[];
  readonly resource: string | undefined;
}

/** A verified auth request and when it expires (ISO-8601). */
export interface VerifiedMcpAuthRequest extends McpAuthRequest {
  readonly expiresAt: string;
}

/** Signs and verifies `authRequestId`s. */
export class McpAuthRequests {
  private readonly key: KeyObject;
  private readonly issuer: string;
  private readonly audience: string;

  constructor(instanceSecret: Uint8Array, publicUrl: string) {
    this.key = createSecretKey(
      createHmac('sha256', instanceSecret).update('piecework-mcp-oauth-auth-request').digest(),
    );
    this.issuer = mcpIssuer(publicUrl);
    this.audience = `${this.issuer}/mcp-authorize`;
  }

  /** A new `authRequestId` for `request`, valid {@link AUTH_REQUEST_SECONDS}. */
  sign(request: McpAuthRequest): Promise<string> {
    return new SignJWT({
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      code_challenge: request.codeChallenge,
      scope: request.scopes.join(' '),
      ...(request.state === undefined ? {} : { state: request.state }),
      ...(request.resource === undefined ? {} : { resource: request.resource }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'mcp-auth-request+jwt' })
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt()
      .setExpirationTime(`${String(AUTH_REQUEST_SECONDS)}s`)
      .sign(this.key);
  }

  /** The request of a well-signed, unexpired `authRequestId`; `null` for anything else. */
  async verify(authRequestId: string): Promise<VerifiedMcpAuthRequest | null> {
    try {
      const { payload } = await jwtVerify(authRequestId, this.key, {
        issuer: this.issuer,
        audience: this.audience,
        algorithms: ['HS256'],
        typ: 'mcp-auth-request+jwt',
        requiredClaims: ['exp'],
      });
      const {
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: codeChallenge,
        scope,
      } = payload;
      const { state, resource } = payload;
      if (
        typeof clientId !== 'string' ||
        typeof redirectUri !== 'string' ||
        typeof codeChallenge !== 'string' ||
        typeof scope !== 'string' ||
        (state !== undefined && typeof state !== 'string') ||
        (resource !== undefined && typeof resource !== 'string')
      ) {
        return null;
      }
      return {
        clientId,
        redirectUri,
        codeChallenge,
        state,
        resource,
        scopes: scope.split(' ').filter((s) => s.length > 0),
        expiresAt: new Date((payload.exp ?? 0) * 1000).toISOString(),
      };
    } catch {
      return null;
    }
  }
}

const cache = new WeakMap<ServerSettings, McpAuthRequests>();

/** The {@link McpAuthRequests} of a server (made once per settings). */
export function mcpAuthRequestsOf(settings: ServerSettings): McpAuthRequests {
  let requests = cache.get(settings);
  if (requests === undefined) {
    requests = new McpAuthRequests(settings.jwtSecret, settings.publicUrl);
    cache.set(settings, requests);
  }
  return requests;
}
