/**
 * MCP OAuth access tokens: HS256 JWTs (`typ: at+jwt`, RFC 9068) audience-bound to this server's
 * MCP resource (`<public URL>mcp`), valid 15 minutes, naming the grant (`jti`-like `gid`) they
 * were issued under. They are signed with a key derived from the instance secret for this one use,
 * so a session token can never pass as an MCP token, nor an MCP token as a session token (the
 * audiences differ too). A valid signature is not enough: the MCP endpoint also checks that the
 * grant is not revoked (`verify-mcp-access-token.ts`), so revoking ends access tokens at once.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { CLOCK_SKEW_SECONDS } from '../../infrastructure/auth/session-tokens';

/** How long an access token lives, in seconds. */
export const MCP_ACCESS_TOKEN_SECONDS = 15 * 60;

/** What a valid MCP access token says. */
export interface McpAccessClaims {
  readonly grantId: string;
  readonly clientId: string;
  readonly userId: string;
  readonly projectId: string;
  readonly platformId: string;
  readonly scopes: readonly string[];
}

/** The resource (RFC 8707 / 9728) MCP tokens are bound to: `<public URL>mcp`. */
export function mcpResourceUrl(publicUrl: string): string {
  return new URL('mcp', publicUrl).toString();
}

/** The issuer of this server's authorization server: its public URL without the trailing slash. */
export function mcpIssuer(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/** Issues and checks the signature, audience and lifetime of MCP access tokens. */
export class McpAccessTokens {
  private readonly key: KeyObject;
  private readonly issuer: string;
  private readonly audience: string;

  constructor(instanceSecret: Uint8Array, publicUrl: string) {
    this.key = createSecretKey(
      createHmac('sha256', instanceSecret).update('piecework-mcp-oauth-access').digest(),
    );
    this.issuer = mcpIssuer(publicUrl);
    this.audience = mcpResourceUrl(publicUrl);
  }

  /** A new access token for `claims`. */
  issue(claims: McpAccessClaims): Promise<string> {
    return new SignJWT({
      gid: claims.grantId,
      client_id: claims.clientId,
      projectId: claims.projectId,
      platformId: claims.platformId,
      scope: claims.scopes.join(' '),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt()
      .setExpirationTime(`${String(MCP_ACCESS_TOKEN_SECONDS)}s`)
      .sign(this.key);
  }

  /** The claims of a well-signed, unexpired token for this resource; `null` for anything else. */
  async verify(token: string): Promise<McpAccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: this.issuer,
        audience: this.audience,
        algorithms: ['HS256'],
        typ: 'at+jwt',
        requiredClaims: ['iat', 'exp', 'sub'],
      });
      if ((payload.iat ?? Infinity) > Date.now() / 1000 + CLOCK_SKEW_SECONDS) return null;
      const { gid, client_id: clientId, projectId, platformId, scope } = payload;
      if (
        typeof gid !== 'string' ||
        typeof clientId !== 'string' ||
        typeof projectId !== 'string' ||
        typeof platformId !== 'string' ||
        typeof scope !== 'string' ||
        typeof payload.sub !== 'string'
      ) {
        return null;
      }
      return {
        grantId: gid,
        clientId,
        userId: payload.sub,
        projectId,
        platformId,
        scopes: scope.split(' ').filter((s) => s.length > 0),
      };
    } catch {
      return null;
    }
  }
}
