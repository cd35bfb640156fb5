/**
 * The queries of the pieces module: the `pieceCatalogueEntry` table (the catalogue of known
 * pieces) and the published flows whose trigger mentions a piece. Each takes the Kysely instance
 * to run on (`store.db` or a `trx`).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import type { PieceCatalogueEntryTable } from '../../infrastructure/storage/rows/piece-catalogue-rows';
import { containsPattern } from '../../infrastructure/storage/like-pattern';

/** The columns of a catalogue entry written on both insert and update. */
export type CatalogueEntryValues = Pick<
  PieceCatalogueEntryTable,
  'source' | 'summary' | 'metadata' | 'unavailableReason' | 'archive' | 'updated'
>;

/** Every catalogue entry's index columns (the in-memory index is built from them). */
export async function selectCatalogueIndexRows(db: Kysely<Database>) {
  return db
    .selectFrom('pieceCatalogueEntry')
    .select(['name', 'version', 'source', 'summary', 'unavailableReason'])
    .execute();
}

/** One row naming piece `name`, if the catalogue has any version of it. */
export async function findCatalogueEntryName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('pieceCatalogueEntry')
    .select('name')
    .where('name', '=', name)
    .limit(1)
    .executeTakeFirst();
}

/** The metadata column of catalogue version `name@version`, if it is there. */
export async function findCatalogueMetadata(db: Kysely<Database>, name: string, version: string) {
  return db
    .selectFrom('pieceCatalogueEntry')
    .select('metadata')
    .where('name', '=', name)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The archive column of catalogue version `name@version`, if it is there. */
export async function findCatalogueArchive(db: Kysely<Database>, name: string, version: string) {
  return db
    .selectFrom('pieceCatalogueEntry')
    .select('archive')
    .where('name', '=', name)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Inserts catalogue version `name@version`, or sets `values` on it when it is there. */
export async function upsertCatalogueEntry(
  trx: Kysely<Database>,
  name: string,
  version: string,
  created: string,
  values: CatalogueEntryValues,
): Promise<void> {
  await trx
    .insertInto('pieceCatalogueEntry')
    .values({ name, version, created, ...values })
    .onConflict((conflict) => conflict.columns(['name', 'version']).doUpdateSet(values))
    .execute();
}

/** Removes catalogue version `name@version` (nothing when it is not there). */
export async function deleteCatalogueEntry(
  trx: Kysely<Database>,
  name: string,
  version: string,
): Promise<void> {
  await trx
    .deleteFrom('pieceCatalogueEntry')
    .where('name', '=', name)
    .where('version', '=', version)
    .execute();
}

/**
 * The published flows (of every platform) whose published trigger's JSON contains the JSON
 * string `name`: candidates for using the piece, to be checked step by step.
 */
export async function publishedFlowsMentioning(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('flow')
    .innerJoin('flowVersion', 'flowVersion.id', 'flow.publishedVersionId')
    .select(['flow.id as flowId', 'flow.projectId', 'flowVersion.displayName', 'flowVersion.trigger'])
    .where(
      sql<boolean>`${sql.ref('flowVersion.trigger')} like ${containsPattern(JSON.stringify(name))} escape '\\'`,
    )
    .execute();
}
