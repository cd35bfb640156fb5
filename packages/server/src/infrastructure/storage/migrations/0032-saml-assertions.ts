/**
 * SAML sign-in state that must hold across processes:
 * - `samlAssertion`: the IDs of the assertions already consumed, each kept until it expires, so a
 *   replayed assertion is refused;
 * - `samlRequest`: the IDs of the AuthnRequests sent, until they expire, so a response's
 *   InResponseTo must name one of them (used once);
 * - `samlSignInCode`: the one-time codes the assertion consumer service hands the web app (their
 *   SHA-256), with the sealed session they are exchanged for, valid a minute.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['samlAssertion', 'samlRequest'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_expires_idx`).on(table).column('expiresAt').execute();
  }
  await db.schema
    .createTable('samlSignInCode')
    .addColumn('codeHash', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute();
}

/** The `samlAssertion`, `samlRequest` and `samlSignInCode` tables. */
export const samlAssertions: Migration = { up };
