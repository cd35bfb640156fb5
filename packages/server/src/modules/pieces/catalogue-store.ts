/**
 * The catalogue of pieces this server knows but has not installed, kept in the database
 * (`pieceCatalogueEntry`) and indexed in memory: listing and version lookups read the index,
 * a piece's full metadata is read from its row. Filled by the sync (`catalogue-sync.ts`) and the
 * shipped snapshot (`catalogue-snapshot.ts`); read through `ServerPieceCatalogue`.
 */
import type { PieceMetadata, PieceMetadataSummary } from '@piecework/shared';
import { compareVersions, resolveVersion } from '@piecework/pieces';
import type { DataStore } from '../../infrastructure/storage/data-store';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';
import {
  deleteCatalogueEntry,
  findCatalogueArchive,
  findCatalogueEntryName,
  findCatalogueMetadata,
  selectCatalogueIndexRows,
  upsertCatalogueEntry,
} from './piece-repository';

/** Where a catalogue entry came from. */
export type CatalogueSource = 'SYNC' | 'SNAPSHOT' | 'ARCHIVE';

/** One piece version to put in the catalogue. */
export interface CatalogueEntryInput {
  metadata: PieceMetadata;
  /** Set when the version cannot be installed or run here: why, in a sentence. */
  unavailableReason?: string;
  /** The packed package of an ARCHIVE version, which the registry does not have. */
  archive?: Uint8Array;
}

/** What the index holds of one catalogue version. */
export interface IndexedCatalogueEntry {
  name: string;
  version: string;
  source: CatalogueSource;
  summary: PieceMetadataSummary;
  unavailableReason: string | undefined;
}

/** The list entry of a piece's metadata: its fields with actions and triggers counted. */
export function summaryOf(metadata: PieceMetadata): PieceMetadataSummary {
  return {
    ...metadata,
    actions: Object.keys(metadata.actions).length,
    triggers: Object.keys(metadata.triggers).length,
  };
}

/** The database-backed catalogue of known pieces; one per server process. */
export class CatalogueStore {
  /** name -> version -> entry. */
  private index = new Map<string, Map<string, IndexedCatalogueEntry>>();
  private loading: Promise<void> | undefined;

  constructor(
    private readonly store: DataStore,
    private readonly now: () => string,
  ) {}

  /** Reads the index from the database (again): at start, and after another process synced. */
  reload(): Promise<void> {
    this.loading = (async () => {
      const rows = await selectCatalogueIndexRows(this.store.db);
      const index = new Map<string, Map<string, IndexedCatalogueEntry>>();
      for (const row of rows) {
        let versions = index.get(row.name);
        if (versions === undefined) index.set(row.name, (versions = new Map()));
        versions.set(row.version, {
          name: row.name,
          version: row.version,
          source: row.source as CatalogueSource,
          summary: fromJson<PieceMetadataSummary>(row.summary)!,
          unavailableReason: row.unavailableReason ?? undefined,
        });
      }
      this.index = index;
    })();
    return this.loading;
  }

  /** Waits for the first load (a no-op once loaded). */
  async ready(): Promise<void> {
    await (this.loading ?? this.reload());
  }

  /** The newest version of every known piece. */
  newest(): IndexedCatalogueEntry[] {
    const entries: IndexedCatalogueEntry[] = [];
    for (const versions of this.index.values()) {
      const newest = [...versions.keys()].sort(compareVersions).at(-1);
      if (newest !== undefined) entries.push(versions.get(newest)!);
    }
    return entries;
  }

  /** Every known version of a piece, oldest first. */
  versions(name: string): string[] {
    return [...(this.index.get(name)?.keys() ?? [])].sort(compareVersions);
  }

  /** Every known `{name, version}` (the sync's incremental check). */
  keys(): { name: string; version: string; source: CatalogueSource }[] {
    return [...this.index.values()].flatMap((versions) =>
      [...versions.values()].map(({ name, version, source }) => ({ name, version, source })),
    );
  }

  /** The indexed entry of a version (exact, a range, or the newest without one). */
  entry(name: string, version?: string): IndexedCatalogueEntry | undefined {
    const versions = this.index.get(name);
    if (versions === undefined) return undefined;
    const wanted =
      version === undefined ? this.versions(name).at(-1) : resolveVersion([...versions.keys()], version);
    return wanted === undefined ? undefined : versions.get(wanted);
  }

  /** True when the catalogue lists the piece at all (any version). */
  knows(name: string): boolean {
    return this.index.has(name);
  }

  /**
   * The indexed entry of the piece's newest version, reading the index again first when the
   * database has the piece and the index does not (another process synced it since this one
   * loaded: a worker started before the app's sync). It reads the database: never call it inside
   * a write transaction (on SQLite the read would wait on that transaction).
   */
  async freshEntry(name: string): Promise<IndexedCatalogueEntry | undefined> {
    await this.ready();
    if (this.index.has(name)) return this.entry(name);
    const row = await findCatalogueEntryName(this.store.db, name);
    if (row === undefined) return undefined;
    await this.reload();
    return this.entry(name);
  }

  /** A version's full metadata (exact, a range, or the newest without one). */
  async get(name: string, version?: string): Promise<PieceMetadata | undefined> {
    const entry = this.entry(name, version);
    if (entry === undefined) return undefined;
    const row = await findCatalogueMetadata(this.store.db, entry.name, entry.version);
    return row === undefined ? undefined : fromJson<PieceMetadata>(row.metadata)!;
  }

  /** The packed package of an ARCHIVE version, if the catalogue holds one. */
  async archiveOf(name: string, version: string): Promise<Buffer | undefined> {
    const row = await findCatalogueArchive(this.store.db, name, version);
    return row?.archive == null ? undefined : Buffer.from(row.archive, 'base64');
  }

  /** Adds or replaces versions (one transaction), then updates the index. */
  async put(entries: readonly CatalogueEntryInput[], source: CatalogueSource): Promise<void> {
    if (entries.length === 0) return;
    const now = this.now();
    await this.store.write(async (trx) => {
      for (const { metadata, unavailableReason, archive } of entries) {
        const values = {
          source,
          summary: toJson(summaryOf(metadata)),
          metadata: toJson(metadata),
          unavailableReason: unavailableReason ?? null,
          archive: archive === undefined ? null : Buffer.from(archive).toString('base64'),
          updated: now,
        };
        await upsertCatalogueEntry(trx, metadata.name, metadata.version, now, values);
      }
    });
    for (const { metadata, unavailableReason } of entries) {
      let versions = this.index.get(metadata.name);
      if (versions === undefined) this.index.set(metadata.name, (versions = new Map()));
      versions.set(metadata.version, {
        name: metadata.name,
        version: metadata.version,
        source,
        summary: summaryOf(metadata),
        unavailableReason,
      });
    }
  }

  /** Removes versions, then updates the index. */
  async remove(keys: readonly { name: string; version: string }[]): Promise<void> {
    if (keys.length === 0) return;
    await this.store.write(async (trx) => {
      for (const { name, version } of keys) {
        await deleteCatalogueEntry(trx, name, version);
      }
    });
    for (const { name, version } of keys) {
      const versions = this.index.get(name);
      versions?.delete(version);
      if (versions?.size === 0) this.index.delete(name);
    }
  }
}
