/**
 * Gives `flowVersion` a `validationIssues` column: why its invalid steps are invalid (JSON array
 * of `FlowValidationIssue`), recomputed on every save. Null for versions saved before it existed
 * (read as "no reasons recorded": their steps' `valid` flags stay as saved).
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flowVersion').addColumn('validationIssues', 'text').execute();
}

/** The reasons a version's steps are invalid, stored with the version. */
export const validationIssues: Migration = { up };
