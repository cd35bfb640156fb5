import type { PieceMetadata, PieceMetadataSummary, PieceVersionSummary } from '@piecework/shared';
import type { PieceDefinition } from '../framework/piece-definition';
import { listInstalledPieces } from './pieces-directory';
import { compareVersions, resolveVersion } from './piece-versions';
import { toPieceMetadata } from './to-piece-metadata';

/** Loads an installed npm piece's metadata (in an isolated process: see `NpmPieceHost`). */
export interface PieceMetadataLoader {
  metadata(name: string, version: string): Promise<PieceMetadata>;
}

/** What a {@link PieceCatalogue} lists: built-ins, and the npm pieces of a pieces directory. */
export interface PieceCatalogueOptions {
  builtins: readonly PieceDefinition[];
  piecesDir?: string;
  npm?: PieceMetadataLoader;
  /**
   * Hears of an installed version whose metadata cannot be loaded (it is left out of `list`).
   * Default: nothing.
   */
  onLoadError?: (name: string, version: string, error: unknown) => void;
}

/**
 * The piece catalogue behind `GET /v1/pieces`, `GET /v1/pieces/:name[?version]` and
 * `GET /v1/pieces/:name/versions`: built-in pieces and every installed npm piece version.
 * Metadata of npm pieces is loaded once per version and cached.
 */
export class PieceCatalogue {
  private readonly builtins: Map<string, PieceMetadata>;
  private readonly loaded = new Map<string, Promise<PieceMetadata>>();

  constructor(private readonly options: PieceCatalogueOptions) {
    this.builtins = new Map(options.builtins.map((piece) => [piece.name, toPieceMetadata(piece)]));
  }

  /**
   * Every piece, newest version of each, with action and trigger counts. A version whose
   * metadata cannot be loaded (a package that is not a piece, placed by hand) is left out and
   * reported to `onLoadError`, so one broken package does not hide every other piece.
   */
  async list(): Promise<PieceMetadataSummary[]> {
    const names = new Set([...this.builtins.keys(), ...this.installed().map((piece) => piece.name)]);
    const pieces = await Promise.all(
      [...names].map((name) =>
        this.get(name).catch((error: unknown) => {
          const newest = this.versions(name).at(-1)?.version ?? '';
          this.options.onLoadError?.(name, newest, error);
          return undefined;
        }),
      ),
    );
    return pieces
      .filter((piece): piece is PieceMetadata => piece !== undefined)
      .map((piece) => ({
        ...piece,
        actions: Object.keys(piece.actions).length,
        triggers: Object.keys(piece.triggers).length,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * One piece's metadata: the version asked (exact, or the newest installed one in a range such as
   * `~0.3.1`), or without a version the newest installed, or the built-in.
   */
  async get(name: string, version?: string): Promise<PieceMetadata | undefined> {
    const installed = this.installed().filter((piece) => piece.name === name);
    const wanted =
      version === undefined
        ? installed.at(-1)?.version
        : resolveVersion(
            installed.map((piece) => piece.version),
            version,
          );
    if (wanted !== undefined && this.options.npm) return this.load(name, wanted);
    const builtin = this.builtins.get(name);
    if (
      builtin &&
      (version === undefined ||
        installed.length === 0 ||
        resolveVersion([builtin.version], version) !== undefined)
    )
      return builtin;
    return undefined;
  }

  /** Every available version of a piece, oldest first (installed versions and the built-in one). */
  versions(name: string): PieceVersionSummary[] {
    const versions = new Set(
      this.installed()
        .filter((piece) => piece.name === name)
        .map((piece) => piece.version),
    );
    const builtin = this.builtins.get(name);
    if (builtin) versions.add(builtin.version);
    return [...versions].sort(compareVersions).map((version) => ({ version }));
  }

  /** Drops the cached metadata of that version: call it after installing or removing it. */
  forget(name: string, version: string): void {
    this.loaded.delete(`${name}@${version}`);
  }

  private installed() {
    return this.options.piecesDir ? listInstalledPieces(this.options.piecesDir) : [];
  }

  private load(name: string, version: string): Promise<PieceMetadata> {
    const key = `${name}@${version}`;
    let metadata = this.loaded.get(key);
    if (!metadata) {
      metadata = this.options.npm!.metadata(name, version);
      metadata.catch(() => this.loaded.delete(key));
      this.loaded.set(key, metadata);
    }
    return metadata;
  }
}
