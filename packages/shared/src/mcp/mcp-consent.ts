import { z } from 'zod';
import { BaseModelFields, Timestamp } from '../common/base-model';
import { Id } from '../common/id';

/**
 * What the consent page shows of a pending authorization (`GET /v1/mcp-oauth/auth-request`): the
 * client asking and where the browser returns. `authRequestId` is the signed, 10-minute request
 * `/authorize` made.
 */
export const McpAuthRequestView = z.object({
  clientId: z.string(),
  clientName: z.string().nullable(),
  redirectUri: z.string(),
  scopes: z.array(z.string()),
  expiresAt: Timestamp,
});
export type McpAuthRequestView = z.infer<typeof McpAuthRequestView>;

/** Query of `GET /v1/mcp-oauth/auth-request`. */
export const McpAuthRequestQuery = z.object({ authRequestId: z.string().min(1).max(4096) });
export type McpAuthRequestQuery = z.infer<typeof McpAuthRequestQuery>;

/** Body of `POST /v1/mcp-oauth/approve`: the request and the project the client may act on. */
export const ApproveMcpAuthRequest = z.object({
  authRequestId: z.string().min(1).max(4096),
  projectId: Id,
});
export type ApproveMcpAuthRequest = z.infer<typeof ApproveMcpAuthRequest>;

/** Body of `POST /v1/mcp-oauth/deny`. */
export const DenyMcpAuthRequest = z.object({ authRequestId: z.string().min(1).max(4096) });
export type DenyMcpAuthRequest = z.infer<typeof DenyMcpAuthRequest>;

/**
 * Answer of approve and deny: where to send the browser (the client's redirect URI with `code`
 * and `state`, or `error=access_denied` and `state`).
 */
export const McpConsentAnswer = z.object({ redirectUrl: z.string() });
export type McpConsentAnswer = z.infer<typeof McpConsentAnswer>;

/**
 * An OAuth client connected to a project: one approval (grant) and the token family it started.
 * Revoking it ends its refresh tokens and its access tokens at once.
 */
export const McpOAuthGrant = z.object({
  ...BaseModelFields,
  projectId: Id,
  clientId: z.string(),
  clientName: z.string().nullable(),
  userId: Id,
  userEmail: z.string().nullable(),
  lastUsedAt: Timestamp.nullable(),
});
export type McpOAuthGrant = z.infer<typeof McpOAuthGrant>;

/** Query of `GET /v1/mcp-oauth/grants`. */
export const ListMcpOAuthGrantsQuery = z.object({ projectId: Id });
export type ListMcpOAuthGrantsQuery = z.infer<typeof ListMcpOAuthGrantsQuery>;
