/**
 * Keeps the piece catalogue filled without ever holding up start-up: once the server listens, the
 * catalogue loads its index, adds the versions of the shipped snapshot it does not know (so a
 * fresh or air-gapped server lists them), then, with AP_PIECES_SYNC_MODE OFFICIAL_AUTO, syncs from
 * AP_PIECES_SYNC_URL, and again every day. A failed sync is logged; the catalogue keeps what it had.
 */
import type { PieceSyncResult } from '@piecework/shared';
import type { ServerBase } from '../../server-context';
import { readCatalogueFile } from './catalogue-file';
import { configuredSyncSource, syncCatalogue } from './catalogue-sync';

/** How often the catalogue syncs while the server runs. */
export const CATALOGUE_SYNC_INTERVAL_MS = 24 * 60 * 60_000;

/** Options of {@link startCatalogueUpkeep}. */
export interface CatalogueUpkeepOptions {
  /** The snapshot file to add from, or false for none. */
  snapshot: string | false;
  /** This server's release, sent to the sync source. */
  release: string;
}

/** The running upkeep. */
export interface CatalogueUpkeep {
  /** Resolves once the start-up work (index, snapshot, first sync) is done or failed. */
  readonly started: Promise<void>;
  stop(): void;
}

/** Starts the upkeep in the background; call once the server listens. */
export function startCatalogueUpkeep(ctx: ServerBase, options: CatalogueUpkeepOptions): CatalogueUpkeep {
  const { known } = ctx.pieces;
  const stopping = new AbortController();
  const source = { ...configuredSyncSource(ctx.settings.config, options.release), signal: stopping.signal };
  const automatic = ctx.settings.config.piecesSyncMode === 'OFFICIAL_AUTO';
  const sync = async (): Promise<PieceSyncResult> => {
    const started = Date.now();
    const result = await syncCatalogue(known, source, ctx.logger);
    ctx.logger.info({ ...result, durationMs: Date.now() - started }, 'Synced the pieces catalogue');
    return result;
  };
  const syncLogged = () =>
    sync().catch((error: unknown) =>
      ctx.logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'The pieces catalogue could not be synced; it keeps what it had',
      ),
    );
  const started = (async () => {
    await known.reload();
    if (options.snapshot !== false) await addSnapshot(ctx, options.snapshot);
    if (automatic) await syncLogged();
  })().catch((error: unknown) =>
    ctx.logger.warn(
      { error: error instanceof Error ? error.message : String(error) },
      'The pieces catalogue could not be loaded',
    ),
  );
  const timer = automatic ? setInterval(() => void syncLogged(), CATALOGUE_SYNC_INTERVAL_MS) : undefined;
  timer?.unref();
  return {
    started,
    stop: () => {
      clearInterval(timer);
      stopping.abort();
    },
  };
}

/** Adds the versions of a catalogue file the catalogue does not know yet (as SNAPSHOT entries). */
async function addSnapshot(ctx: ServerBase, path: string): Promise<void> {
  const { known } = ctx.pieces;
  const { entries } = readCatalogueFile(path);
  const have = new Set(known.keys().map(({ name, version }) => `${name}@${version}`));
  const missing = entries.filter(({ metadata }) => !have.has(`${metadata.name}@${metadata.version}`));
  await known.put(missing, 'SNAPSHOT');
}
