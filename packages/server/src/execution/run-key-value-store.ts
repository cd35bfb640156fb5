/**
 * The Store piece's key/value storage over the `storeEntry` table, one key space per project. The
 * pieces layer already lays keys out as Activepieces does (FLOW keys arrive prefixed
 * `flow_<flowId>/`, test-mode keys `test_`), so keys are stored as given, whatever the scope: a
 * store written by flows on Activepieces reads the same here.
 */
import type { KeyValueStore } from '@piecework/engine';
import type { DataStore } from '../infrastructure/storage/data-store';
import { fromJson, toJson } from '../infrastructure/storage/json-column';

/** The key/value store of a run in project `ids.projectId`. Missing keys read `null`. */
export function runKeyValueStore(
  store: DataStore,
  ids: { projectId: string },
  timestamp: () => string,
): KeyValueStore {
  return {
    async get(key) {
      const row = await store.db
        .selectFrom('storeEntry')
        .select('value')
        .where('projectId', '=', ids.projectId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row === undefined ? null : fromJson<unknown>(row.value);
    },
    async put(key, value) {
      const row = {
        projectId: ids.projectId,
        key,
        value: toJson(value ?? null),
        updated: timestamp(),
      };
      await store.write((trx) =>
        trx
          .insertInto('storeEntry')
          .values(row)
          .onConflict((conflict) =>
            conflict.columns(['projectId', 'key']).doUpdateSet({ value: row.value, updated: row.updated }),
          )
          .execute(),
      );
    },
    async delete(key) {
      await store.write((trx) =>
        trx.deleteFrom('storeEntry').where('projectId', '=', ids.projectId).where('key', '=', key).execute(),
      );
    },
  };
}
