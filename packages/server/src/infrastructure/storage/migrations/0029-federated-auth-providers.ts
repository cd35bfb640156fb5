/**
 * A platform's identity providers beyond email and password (`FederatedAuthProviders`): the
 * settings as JSON without their client secrets (`federatedAuthProviders`, `{}` for none), and the
 * secrets sealed by the secret box (`federatedAuthSecrets`, a sealed `{github?, oidc?}` of client
 * secrets, null for none).
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform')
    .addColumn('federatedAuthProviders', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('platform').addColumn('federatedAuthSecrets', 'text').execute();
}

/** The `federatedAuthProviders` and `federatedAuthSecrets` columns of `platform`. */
export const federatedAuthProviders: Migration = { up };
