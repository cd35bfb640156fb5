/**
 * Who is calling `/mcp`, once its bearer token is resolved (`resolve-mcp-caller.ts`): a project
 * MCP token (acts with full rights on its project, like an API key confined to it) or an OAuth
 * access token (acts as the user who approved the client, with that user's role on the project).
 * Every tool runs as `principal` through the same access check as the REST API, confined to
 * `projectId`.
 */
import type { Principal } from '../../infrastructure/auth/principal';

/** The caller of one MCP request. */
export interface McpCaller {
  /** The principal the tools act as (a SERVICE principal for the project token; the user for OAuth). */
  readonly principal: Principal;
  /** The only project the tools may touch. */
  readonly projectId: string;
  readonly platformId: string;
  /** How the caller authenticated. */
  readonly via: 'projectToken' | 'oauth';
  /** The OAuth grant (OAuth callers only). */
  readonly grantId?: string | undefined;
}
