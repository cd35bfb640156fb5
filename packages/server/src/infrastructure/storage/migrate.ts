import { Migrator, type Kysely } from 'kysely';
import type { Database } from './database';
import { staticMigrationProvider } from './migrations';

/**
 * Applies every pending migration, in order, and returns the names of those applied this time
 * (empty when the schema is already current). Kysely records applied migrations in
 * `kysely_migration` and holds `kysely_migration_lock` meanwhile, so concurrent starts are safe.
 *
 * @throws Error naming the failed migration (its cause is the database error). The run is one
 * transaction, so a failure leaves the schema as it was before the call.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: staticMigrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const name = failed?.migrationName ?? '(before any migration ran)';
    throw new Error(`Migration ${name} failed`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
