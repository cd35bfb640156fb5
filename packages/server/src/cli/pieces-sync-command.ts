/**
 * `piecework pieces sync [--from <file|url>]`: fills the server's piece catalogue in its database
 * (AP_* variables name it, as for `piecework start`). Without `--from` it syncs from
 * AP_PIECES_SYNC_URL; `--from <url>` syncs from another server speaking the pieces API (the
 * reference's cloud, another Piecework); `--from <file>` adds the pieces of a catalogue file (a
 * snapshot made by `scripts/generate-pieces-snapshot.ts`, gzipped or not). A running server reads
 * the catalogue again at its next daily sync or restart; on SQLite, stop it first (one process
 * holds the database file).
 */
import { loadServerSettings } from '../infrastructure/config/server-settings';
import { readCatalogueFile } from '../modules/pieces/catalogue-file';
import { CatalogueStore } from '../modules/pieces/catalogue-store';
import { configuredSyncSource, syncCatalogue } from '../modules/pieces/catalogue-sync';
import { PIECEWORK_RELEASE } from '../release';
import { openStore } from '../infrastructure/storage/open-store';
import type { CommandIo } from './cli-command';

/** The usage line of `piecework pieces sync`. */
export const PIECES_SYNC_USAGE = `       piecework pieces sync [--from <file|url>]   fill the piece catalogue (default AP_PIECES_SYNC_URL)`;

/** Runs `piecework pieces sync` with the arguments after `sync`; answers the exit code. */
export async function runPiecesSyncCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const from = args[0] === '--from' && args.length === 2 ? args[1] : args.length === 0 ? undefined : null;
  if (from === null) {
    io.err(`usage:${PIECES_SYNC_USAGE.slice('      '.length)}`);
    return 2;
  }
  let settings: ReturnType<typeof loadServerSettings>;
  try {
    settings = loadServerSettings(io.env);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(settings);
  } catch (error) {
    io.err(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const catalogue = new CatalogueStore(store, () => new Date().toISOString());
    await catalogue.reload();
    if (from !== undefined && !/^https?:\/\//i.test(from)) {
      let contents: ReturnType<typeof readCatalogueFile>;
      try {
        contents = readCatalogueFile(from);
      } catch (error) {
        io.err(`${from} ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      }
      const { entries, skipped } = contents;
      await catalogue.put(entries, 'SNAPSHOT');
      io.out(
        `added ${String(entries.length)} piece versions from ${from}${skipped ? `, skipped ${String(skipped)} invalid` : ''}`,
      );
      return 0;
    }
    const url = from ?? settings.config.piecesSyncUrl;
    const result = await syncCatalogue(
      catalogue,
      configuredSyncSource(settings.config, PIECEWORK_RELEASE, from),
    );
    io.out(`synced from ${url}: ${String(result.added)} added, ${String(result.removed)} removed`);
    return 0;
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await store.close();
  }
}
