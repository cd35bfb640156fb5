/**
 * Row counts of a test server's tables, for tests that check a refused request wrote nothing:
 * compare the counts before and after.
 */
import type { Database } from '../infrastructure/storage/database';
import type { TestServer } from './test-server';

/** The number of rows of each of `tables`, by table name. */
export async function rowCounts(
  server: TestServer,
  tables: readonly (keyof Database)[],
): Promise<Record<string, number>> {
  const db = server.server.context.store.db;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
