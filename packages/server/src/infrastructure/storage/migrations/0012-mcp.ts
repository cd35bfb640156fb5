/**
 * MCP: a project's MCP server (`mcpServer`, one per project: its status and the project MCP token,
 * kept as a SHA-256 hash for lookup and sealed with the secret box for showing), and the OAuth
 * authorization server's state: registered clients (`mcpOAuthClient`, secrets hashed), one-time
 * authorization codes (`mcpOAuthCode`, hashed), approvals (`mcpOAuthGrant`: one per consent, the
 * family every refresh token and access token of it belongs to) and refresh tokens
 * (`mcpOAuthRefreshToken`, hashed; a used one is kept to detect its reuse).
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcpServer')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().unique().references('project.id').onDelete('cascade'))
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hashedToken', 'text', (c) => c.notNull().unique())
    .addColumn('sealedToken', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mcpOAuthClient')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('clientName', 'text')
    .addColumn('redirectUris', 'text', (c) => c.notNull())
    .addColumn('grantTypes', 'text', (c) => c.notNull())
    .addColumn('responseTypes', 'text', (c) => c.notNull())
    .addColumn('tokenEndpointAuthMethod', 'text', (c) => c.notNull())
    .addColumn('hashedSecret', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mcpOAuthGrant')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('clientId', 'text', (c) => c.notNull().references('mcpOAuthClient.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('lastUsedAt', 'text')
    .addColumn('revokedAt', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mcp_oauth_grant_project_idx')
    .on('mcpOAuthGrant')
    .columns(['projectId', 'created', 'id'])
    .execute();

  await db.schema
    .createTable('mcpOAuthCode')
    .addColumn('hashedCode', 'text', (c) => c.primaryKey())
    .addColumn('clientId', 'text', (c) => c.notNull().references('mcpOAuthClient.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('redirectUri', 'text', (c) => c.notNull())
    .addColumn('codeChallenge', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .addColumn('grantId', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mcpOAuthRefreshToken')
    .addColumn('hashedToken', 'text', (c) => c.primaryKey())
    .addColumn('grantId', 'text', (c) => c.notNull().references('mcpOAuthGrant.id').onDelete('cascade'))
    .addColumn('clientId', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mcp_oauth_refresh_token_grant_idx')
    .on('mcpOAuthRefreshToken')
    .column('grantId')
    .execute();
}

/** Projects' MCP servers and the MCP OAuth authorization server's clients, codes, grants and refresh tokens. */
export const mcp: Migration = { up };
