/**
 * OAuth2 connections: the `oauthApp` table (a platform's own OAuth2 client per piece, its secret
 * sealed) and, on `appConnection`, the refresh lease (`refreshLeaseId`, `refreshLeaseUntil`): a
 * process takes it with a conditional update before asking the token endpoint, so only one
 * refresh of a connection is under way at a time, even across processes.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauthApp')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('pieceName', 'text', (c) => c.notNull())
    .addColumn('clientId', 'text', (c) => c.notNull())
    .addColumn('clientSecret', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_app_platform_piece_idx')
    .on('oauthApp')
    .columns(['platformId', 'pieceName'])
    .unique()
    .execute();
  await db.schema.alterTable('appConnection').addColumn('refreshLeaseId', 'text').execute();
  await db.schema.alterTable('appConnection').addColumn('refreshLeaseUntil', 'text').execute();
}

/** The OAuth2 apps table and the connections' refresh lease. */
export const oauth2Connections: Migration = { up };
