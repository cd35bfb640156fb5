/**
 * The queries of the AI-providers module: a platform's providers and its web-search setting. Each
 * takes the Kysely instance to run on: `store.db` for reads, or the `trx` of a write transaction
 * for writes.
 */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import type {
  AIProviderTable,
  AIWebSearchSettingTable,
} from '../../infrastructure/storage/rows/ai-provider-rows';
import { AI_PROVIDER_COLUMNS } from './ai-provider-view';

/** A provider row with the columns it is shown with. */
export type AIProviderViewRow = Pick<AIProviderTable, (typeof AI_PROVIDER_COLUMNS)[number]>;

/** The providers of platform `platformId`, oldest first. */
export function selectPlatformProviders(
  db: Kysely<Database>,
  platformId: string,
): Promise<AIProviderViewRow[]> {
  return db
    .selectFrom('aiProvider')
    .select(AI_PROVIDER_COLUMNS)
    .where('platformId', '=', platformId)
    .orderBy('created')
    .orderBy('id')
    .execute();
}

/** Inserts provider `row` and answers its shown columns. */
export function insertAIProvider(
  trx: Kysely<Database>,
  row: Insertable<AIProviderTable>,
): Promise<AIProviderViewRow> {
  return trx.insertInto('aiProvider').values(row).returning(AI_PROVIDER_COLUMNS).executeTakeFirstOrThrow();
}

/** Which provider (its name) provider `id` of platform `platformId` is (undefined when there is none). */
export function findProviderName(
  db: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<{ provider: string } | undefined> {
  return db
    .selectFrom('aiProvider')
    .select('provider')
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Applies `changes` to provider `id` of platform `platformId`; undefined when there is none. */
export function updateAIProviderRow(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
  changes: Updateable<AIProviderTable>,
): Promise<AIProviderViewRow | undefined> {
  return trx
    .updateTable('aiProvider')
    .set(changes)
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .returning(AI_PROVIDER_COLUMNS)
    .executeTakeFirst();
}

/** Deletes provider `id` of platform `platformId`; undefined when there was none. */
export function deleteAIProviderRow(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<{ id: string } | undefined> {
  return trx
    .deleteFrom('aiProvider')
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .returning('id')
    .executeTakeFirst();
}

/**
 * The provider named `name` of platform `platformId` with its config and sealed key: the one with
 * id `configId` when given, else the oldest of that name (undefined when there is none).
 */
export function findProviderForCall(
  db: Kysely<Database>,
  platformId: string,
  name: string,
  configId: string | undefined,
): Promise<{ id: string; config: string; sealedAuth: string } | undefined> {
  let select = db
    .selectFrom('aiProvider')
    .select(['id', 'config', 'sealedAuth'])
    .where('platformId', '=', platformId)
    .where('provider', '=', name);
  select =
    configId === undefined
      ? select.orderBy('created').orderBy('id').limit(1)
      : select.where('id', '=', configId);
  return select.executeTakeFirst();
}

/** The web-search setting row of platform `platformId` (undefined when never set). */
export function findWebSearchSetting(
  db: Kysely<Database>,
  platformId: string,
): Promise<Pick<AIWebSearchSettingTable, 'enabled' | 'maxUses'> | undefined> {
  return db
    .selectFrom('aiWebSearchSetting')
    .select(['enabled', 'maxUses'])
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Stores `values` as the web-search setting of platform `platformId`, replacing any. */
export async function upsertWebSearchSetting(
  trx: Kysely<Database>,
  platformId: string,
  values: Omit<AIWebSearchSettingTable, 'platformId'>,
): Promise<void> {
  await trx
    .insertInto('aiWebSearchSetting')
    .values({ platformId, ...values })
    .onConflict((conflict) => conflict.column('platformId').doUpdateSet(values))
    .execute();
}
