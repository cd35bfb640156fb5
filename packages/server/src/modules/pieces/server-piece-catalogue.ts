/**
 * The catalogue the `/v1/pieces` routes answer: the pieces this server can run (built in, or
 * installed in its pieces directory) and, after them, the pieces its catalogue knows but has not
 * installed, each marked with its `installState`. A piece installed or built in is listed at its
 * runnable version even when the catalogue knows a newer one; `versions` lists every version from
 * both.
 */
import type {
  PieceInstallState,
  PieceMetadata,
  PieceMetadataSummary,
  PieceVersionSummary,
} from '@piecework/shared';
import { compareVersions, type PieceCatalogue } from '@piecework/pieces';
import type { CatalogueStore, IndexedCatalogueEntry } from './catalogue-store';

/** Said of a catalogue piece while on-demand installs are turned off. */
export const INSTALL_BY_HAND_REASON =
  'This server installs pieces by hand only (AP_PIECES_INSTALL_ON_DEMAND is false): an admin installs it';

/** What {@link ServerPieceCatalogue} reads. */
export interface ServerPieceCatalogueOptions {
  /** Built-in and installed pieces. */
  local: PieceCatalogue;
  /** Known, not installed pieces. */
  known: CatalogueStore;
  /** True when a built-in piece of that name exists. */
  isBuiltin: (name: string) => boolean;
  /** AP_PIECES_INSTALL_ON_DEMAND. */
  installOnDemand: boolean;
}

/** The merged catalogue; one per server, owned by `PieceAvailability`. */
export class ServerPieceCatalogue {
  constructor(private readonly options: ServerPieceCatalogueOptions) {}

  /** Every piece, newest runnable (else newest known) version of each, sorted by name. */
  async list(): Promise<PieceMetadataSummary[]> {
    const local = (await this.options.local.list()).map((piece) => ({
      ...piece,
      installState: this.localState(piece.name),
    }));
    const listed = new Set(local.map((piece) => piece.name));
    await this.options.known.ready();
    const known = this.options.known
      .newest()
      .filter((entry) => !listed.has(entry.name))
      .map((entry) => ({ ...entry.summary, ...this.knownState(entry) }));
    return [...local, ...known].sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * A piece version's metadata: a runnable one first (exact, a range, or the newest), else the
   * catalogue's.
   */
  async get(name: string, version?: string): Promise<PieceMetadata | undefined> {
    const local = await this.options.local.get(name, version);
    if (local !== undefined) return { ...local, installState: this.localState(name) };
    await this.options.known.ready();
    const entry = this.options.known.entry(name, version);
    if (entry === undefined) return undefined;
    const metadata = await this.options.known.get(entry.name, entry.version);
    return metadata === undefined ? undefined : { ...metadata, ...this.knownState(entry) };
  }

  /** Every version of a piece: runnable and known, oldest first. */
  versions(name: string): PieceVersionSummary[] {
    const versions = new Set([
      ...this.options.local.versions(name).map((entry) => entry.version),
      ...this.options.known.versions(name),
    ]);
    return [...versions].sort(compareVersions).map((version) => ({ version }));
  }

  /** The versions this server can run now (built in or installed), oldest first. */
  runnableVersions(name: string): PieceVersionSummary[] {
    return this.options.local.versions(name);
  }

  /** Drops cached metadata of that version: after installing or removing it. */
  forget(name: string, version: string): void {
    this.options.local.forget(name, version);
  }

  private localState(name: string): PieceInstallState {
    return this.options.isBuiltin(name) ? 'BUILT_IN' : 'INSTALLED';
  }

  private knownState(entry: IndexedCatalogueEntry): {
    installState: PieceInstallState;
    unavailableReason?: string;
  } {
    if (entry.unavailableReason !== undefined)
      return { installState: 'UNAVAILABLE', unavailableReason: entry.unavailableReason };
    return this.options.installOnDemand
      ? { installState: 'INSTALL_ON_USE' }
      : { installState: 'UNAVAILABLE', unavailableReason: INSTALL_BY_HAND_REASON };
  }
}
