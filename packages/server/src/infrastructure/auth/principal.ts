/** Who is calling: a signed-in user (session token) or a platform API key (service). */
import { PieceworkError, type ErrorParams, type PlatformRole } from '@piecework/shared';

/** A user acting through a session token. */
export interface UserPrincipal {
  readonly type: 'USER';
  readonly id: string;
  readonly platformId: string;
  readonly platformRole: PlatformRole;
  readonly email: string;
  /** The server-side session of the token (`userSession.id`); absent for tokens issued without one. */
  readonly sessionId?: string;
}

/**
 * A platform API key (`sk-...`): acts for its whole platform, like a platform admin. A project MCP
 * token acts as one too, confined by `/mcp` to its project (`modules/mcp/resolve-mcp-caller.ts`).
 */
export interface ServicePrincipal {
  readonly type: 'SERVICE';
  /** The API key's id (the MCP server's id for a project MCP token). */
  readonly id: string;
  readonly platformId: string;
}

/** The authenticated caller of a non-public route. */
export type Principal = UserPrincipal | ServicePrincipal;

/** True when the caller administers its platform (an ADMIN user or an API key). */
export function isPlatformAdmin(principal: Principal): boolean {
  return principal.type === 'SERVICE' || principal.platformRole === 'ADMIN';
}

/** Throws 403 AUTHORIZATION with `message` unless the caller administers its platform. */
export function requirePlatformAdmin(principal: Principal, message: string, params: ErrorParams = {}): void {
  if (!isPlatformAdmin(principal)) {
    throw new PieceworkError('AUTHORIZATION', { ...params, message });
  }
}
