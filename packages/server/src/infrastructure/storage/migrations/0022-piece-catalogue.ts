/**
 * The piece catalogue: metadata of piece versions this server lists without having installed
 * them (`pieceCatalogueEntry`), from a sync with a pieces API or the snapshot shipped with the
 * server. `summary` is the list entry (`GET /v1/pieces`), `metadata` the full document
 * (`GET /v1/pieces/:name`); an entry with `unavailableReason` is listed but cannot be installed;
 * `archive` is the base64 `.tgz` of a private piece uploaded to one process, so that the others
 * (scale-out workers with pieces directories of their own) install the same package.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pieceCatalogueEntry')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('unavailableReason', 'text')
    .addColumn('archive', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('piece_catalogue_entry_pk', ['name', 'version'])
    .execute();
}

/** The catalogue of pieces known but not installed. */
export const pieceCatalogue: Migration = { up };
