/**
 * The MCP endpoints under `/api`: a project's MCP server (`/v1/mcp-servers`: read, enable or
 * disable, rotate its token) and the OAuth consent and connected clients (`/v1/mcp-oauth/*`);
 * reached as `ENDPOINTS.mcpServers` and `ENDPOINTS.mcpOAuth`. The authorization server itself
 * (`/register`, `/authorize`, `/token`, `/revoke`, metadata) and `/mcp` sit at the domain root,
 * outside this table (see `MCP_PATHS`): they speak OAuth and MCP, not this API's JSON.
 */
import { Page } from '../common/page';
import {
  ApproveMcpAuthRequest,
  DenyMcpAuthRequest,
  ListMcpOAuthGrantsQuery,
  McpAuthRequestQuery,
  McpAuthRequestView,
  McpConsentAnswer,
  McpOAuthGrant,
} from '../mcp/mcp-consent';
import { GetMcpServerQuery, McpServer, UpdateMcpServerRequest } from '../mcp/mcp-server';
import { PLATFORM_ACCESS, projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** A project's MCP server: read (made on first read), enable or disable, rotate its token. */
export const MCP_SERVER_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: '/v1/mcp-servers',
    operationId: 'mcpServers.get',
    summary: "The project's MCP server: its URL, status and project MCP token (made on first read)",
    access: projectAccess('READ_MCP', { from: 'query' }),
    query: GetMcpServerQuery,
    status: 200,
    response: McpServer,
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/mcp-servers/:id',
    operationId: 'mcpServers.update',
    summary: "Enable or disable a project's MCP server",
    access: projectAccess('WRITE_MCP', { from: 'entity', entity: 'mcpServer' }),
    params: IdParams,
    body: UpdateMcpServerRequest,
    status: 200,
    response: McpServer,
  }),
  rotate: endpoint({
    method: 'POST',
    path: '/v1/mcp-servers/:id/rotate',
    operationId: 'mcpServers.rotate',
    summary: 'Replace the project MCP token (the old one stops working at once)',
    access: projectAccess('WRITE_MCP', { from: 'entity', entity: 'mcpServer' }),
    params: IdParams,
    status: 200,
    response: McpServer,
  }),
};

/** The consent page's calls and the OAuth clients connected to a project. */
export const MCP_OAUTH_ENDPOINTS = {
  authRequest: endpoint({
    method: 'GET',
    path: '/v1/mcp-oauth/auth-request',
    operationId: 'mcpOAuth.authRequest',
    summary: 'What a pending MCP authorization asks for (the consent page shows it)',
    access: PLATFORM_ACCESS,
    query: McpAuthRequestQuery,
    status: 200,
    response: McpAuthRequestView,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/v1/mcp-oauth/approve',
    operationId: 'mcpOAuth.approve',
    summary: 'Approve an MCP client for a project: answers the redirect URL carrying the code',
    access: projectAccess('READ_MCP', { from: 'body' }),
    body: ApproveMcpAuthRequest,
    status: 200,
    response: McpConsentAnswer,
  }),
  deny: endpoint({
    method: 'POST',
    path: '/v1/mcp-oauth/deny',
    operationId: 'mcpOAuth.deny',
    summary: 'Deny an MCP client: answers the redirect URL carrying error=access_denied',
    access: PLATFORM_ACCESS,
    body: DenyMcpAuthRequest,
    status: 200,
    response: McpConsentAnswer,
  }),
  listGrants: endpoint({
    method: 'GET',
    path: '/v1/mcp-oauth/grants',
    operationId: 'mcpOAuth.listGrants',
    summary: 'The OAuth clients connected to a project',
    access: projectAccess('READ_MCP', { from: 'query' }),
    query: ListMcpOAuthGrantsQuery,
    status: 200,
    response: Page(McpOAuthGrant),
  }),
  revokeGrant: endpoint({
    method: 'DELETE',
    path: '/v1/mcp-oauth/grants/:id',
    operationId: 'mcpOAuth.revokeGrant',
    summary: 'Disconnect an OAuth client: its refresh and access tokens stop working at once',
    access: projectAccess('WRITE_MCP', { from: 'entity', entity: 'mcpOAuthGrant' }),
    params: IdParams,
    status: 200,
  }),
};
