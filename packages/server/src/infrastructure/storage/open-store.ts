/**
 * The store a server's settings name: AP_DB_TYPE picks the engine.
 */
import type { ServerSettings } from '../config/server-settings';
import { openSqliteStore, type DataStore } from './data-store';
import { openPostgresStore } from './open-postgres';

/**
 * Opens and migrates the store of `settings`: the PostgreSQL database of the `AP_POSTGRES_*`
 * variables with AP_DB_TYPE=POSTGRES, else the SQLite file in the data directory. The server opens
 * its store with it; so can a tool or test on the same settings (on SQLite, only while no server
 * holds the file).
 */
export function openStore(settings: Pick<ServerSettings, 'config' | 'databaseFile'>): Promise<DataStore> {
  return settings.config.dbType === 'POSTGRES'
    ? openPostgresStore(settings.config)
    : openSqliteStore(settings.databaseFile);
}
