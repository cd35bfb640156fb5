/**
 * Registered MCP OAuth clients as the authorization server reads them: {@link findMcpOAuthClient}
 * loads a `mcpOAuthClient` row with its JSON columns parsed. A client keeps the
 * `token_endpoint_auth_method` it registered with for life.
 */
import type { TokenEndpointAuthMethod } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';
import { selectClient } from './mcp-client-repository';

/** A registered client. */
export interface McpOAuthClient {
  readonly id: string;
  readonly clientName: string | null;
  readonly redirectUris: readonly string[];
  readonly grantTypes: readonly string[];
  readonly responseTypes: readonly string[];
  readonly tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  /** SHA-256 (hex) of its secret; null for a public client. */
  readonly hashedSecret: string | null;
}

/** The client `clientId`, or undefined when there is none. */
export async function findMcpOAuthClient(
  db: Kysely<Database>,
  clientId: string,
): Promise<McpOAuthClient | undefined> {
  const row = await selectClient(db, clientId);
  if (row === undefined) return undefined;
  return {
    id: row.id,
    clientName: row.clientName,
    redirectUris: fromJson<string[]>(row.redirectUris) ?? [],
    grantTypes: fromJson<string[]>(row.grantTypes) ?? [],
    responseTypes: fromJson<string[]>(row.responseTypes) ?? [],
    tokenEndpointAuthMethod: row.tokenEndpointAuthMethod as TokenEndpointAuthMethod,
    hashedSecret: row.hashedSecret,
  };
}

/** Whether `client` is confidential (has a secret it must present at /token and /revoke). */
export function isConfidential(client: McpOAuthClient): boolean {
  return client.tokenEndpointAuthMethod !== 'none';
}
