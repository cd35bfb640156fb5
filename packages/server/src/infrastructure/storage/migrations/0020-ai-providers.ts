/**
 * AI providers: a platform's model providers that agent steps use (`aiProvider`: the provider's
 * name, its display name, its config as JSON and its API key sealed by the secret box) and the
 * platform's web-search setting for agent steps (`aiWebSearchSetting`: one row per platform that
 * set it; none means off).
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('aiProvider')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('sealedAuth', 'text', (c) => c.notNull())
    .addColumn('enabledForChat', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_provider_platform_idx')
    .on('aiProvider')
    .columns(['platformId', 'provider', 'created'])
    .execute();

  await db.schema
    .createTable('aiWebSearchSetting')
    .addColumn('platformId', 'text', (c) => c.primaryKey().references('platform.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('maxUses', 'integer')
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
}

/** Platforms' AI providers and their web-search setting. */
export const aiProviders: Migration = { up };
