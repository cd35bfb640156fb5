/**
 * A key/value store whose writes wait: a trigger hook (a poll, an `onEnable`) reads the project's
 * store and sees its own writes, but nothing reaches the database until `commit(trx)` runs inside
 * the transaction that also records what the hook produced (the poll's items, the enabled
 * trigger). A hook that fails, or whose flow was disabled meanwhile, leaves the store as it was:
 * the next poll starts from the same state, so no item is lost and none is seen twice.
 */
import type { KeyValueStore } from '@piecework/engine';
import type { Kysely } from 'kysely';
import type { DataStore } from '../../infrastructure/storage/data-store';
import type { Database } from '../../infrastructure/storage/database';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';
import { deleteStoreEntry, findStoreEntry, upsertStoreEntry } from './trigger-source-repository';

/** A store whose writes are held until {@link BufferedKeyValueStore.commit}. */
export interface BufferedKeyValueStore extends KeyValueStore {
  /** Writes the held changes in `trx` (the last write of each key wins). */
  commit(trx: Kysely<Database>, now: string): Promise<void>;
}

/** A buffered store over the `storeEntry` rows of project `projectId`. Missing keys read `null`. */
export function bufferedKeyValueStore(store: DataStore, projectId: string): BufferedKeyValueStore {
  /** key -> the value written (JSON text), or null for a deletion. */
  const pending = new Map<string, string | null>();
  return {
    async get(key) {
      if (pending.has(key)) {
        const held = pending.get(key)!;
        return held === null ? null : fromJson<unknown>(held);
      }
      const row = await findStoreEntry(store.db, projectId, key);
      return row === undefined ? null : fromJson<unknown>(row.value);
    },
    put(key, value) {
      pending.set(key, toJson(value ?? null));
      return Promise.resolve();
    },
    delete(key) {
      pending.set(key, null);
      return Promise.resolve();
    },
    async commit(trx, now) {
      for (const [key, value] of pending) {
        if (value === null) {
          await deleteStoreEntry(trx, projectId, key);
          continue;
        }
        await upsertStoreEntry(trx, projectId, key, value, now);
      }
    },
  };
}
