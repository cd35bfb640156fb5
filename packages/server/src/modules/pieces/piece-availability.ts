/**
 * The server's pieces, with one owner: which pieces this server can run (the built-in ones, any
 * version: exported flows name the npm versions they were built with, and the npm versions
 * installed under its pieces directory), their catalogue (`GET /v1/pieces`), and installing and
 * removing npm versions (`POST|DELETE /v1/pieces`, what `piecework pieces add` does). An install
 * or a removal is seen at once by `has` and by the catalogue. `has` is the same rule as the run
 * path's piece runner, asked before a run: at save (an unavailable piece makes its step invalid)
 * and by the webhook routes.
 *
 * Design-time piece calls (metadata of npm pieces, dropdown options) run in a piece process of
 * its own, apart from the runs' processes.
 */
import type { PieceMetadata } from '@piecework/shared';
import type { Logger } from 'pino';
import {
  BUILTIN_PIECES,
  createPieceResolver,
  createTriggerRunner,
  installPiece,
  installPieceArchive,
  InstalledVersions,
  NpmPieceHost,
  PieceCatalogue,
  removePiece,
  type InstalledPieceResult,
  type TriggerRunner,
} from '@piecework/pieces';
import type { CatalogueStore } from './catalogue-store';
import { withInstallLock } from './install-lock';
import { ServerPieceCatalogue } from './server-piece-catalogue';

/** Hard deadline of one design-time or trigger call into an npm piece (metadata, options, hooks), in ms. */
export const DESIGN_TIME_CALL_TIMEOUT_MS = 15_000;

/** Options of {@link PieceAvailability}. */
export interface PieceAvailabilityOptions {
  /** The pieces directory (`<AP_CONFIG_PATH>/pieces`). */
  piecesDir: string;
  /** Where the piece processes' output lines go. Default: dropped. */
  logger?: Logger;
  /** The catalogue of known, not installed pieces. */
  known: CatalogueStore;
  /** AP_PIECES_INSTALL_ON_DEMAND: install a known piece's version when a flow first needs it. Default false. */
  installOnDemand?: boolean;
}

/** The server's pieces: availability, catalogue, install and removal; built once per server. */
export class PieceAvailability {
  private readonly builtins = new Set(BUILTIN_PIECES.map((piece) => piece.name));
  private readonly installed: InstalledVersions;
  private readonly piecesDir: string;
  private readonly logger: Logger | undefined;
  private host: NpmPieceHost | undefined;
  private triggerHost: NpmPieceHost | undefined;
  private triggerRunner: TriggerRunner | undefined;
  /** Installs and removals, one at a time (two installs of one version share its folder). */
  private changes: Promise<unknown> = Promise.resolve();
  /** On-demand installs in flight, by `name@version`: a second flow needing one waits for it. */
  private readonly installing = new Map<string, Promise<boolean>>();
  /** Why the last on-demand install of `name@version` failed. */
  private readonly installFailures = new Map<string, string>();
  /** The catalogue of known, not installed pieces (filled by the sync and the snapshot). */
  readonly known: CatalogueStore;
  private readonly installOnDemand: boolean;
  /** The catalogue: built-in, installed, and known pieces. */
  readonly catalogue: ServerPieceCatalogue;

  constructor(options: PieceAvailabilityOptions) {
    this.piecesDir = options.piecesDir;
    this.logger = options.logger;
    this.installed = new InstalledVersions(
      createPieceResolver({ piecesDir: this.piecesDir, searchNodeModules: false }),
    );
    this.known = options.known;
    this.installOnDemand = options.installOnDemand ?? false;
    const local = new PieceCatalogue({
      builtins: BUILTIN_PIECES,
      piecesDir: this.piecesDir,
      npm: { metadata: (name, version) => this.npm().metadata(name, version) },
      onLoadError: (name, version, error) =>
        this.logger?.warn(
          { piece: { name, version }, error: error instanceof Error ? error.message : String(error) },
          'An installed piece cannot be loaded; it is left out of the pieces list',
        ),
    });
    this.catalogue = new ServerPieceCatalogue({
      local,
      known: this.known,
      isBuiltin: (name) => this.isBuiltin(name),
      installOnDemand: this.installOnDemand,
    });
  }

  /** True for a built-in piece, or an npm piece whose exact version is installed. */
  async has(name: string, version: string): Promise<boolean> {
    return this.builtins.has(name) || this.installed.has(name, version);
  }

  /**
   * True when this server can run the version now, or has just installed it: a version that is
   * not built in or installed is installed from the registry when on-demand installs are on and
   * the catalogue knows the piece (and does not mark it unavailable), and a private piece uploaded
   * to another process from the archive the catalogue keeps. One install per version at
   * a time, in this process and in every process sharing the pieces directory; others wait for it.
   * A failed install answers false; {@link installFailure} says why.
   */
  async ensure(name: string, version: string): Promise<boolean> {
    if (await this.has(name, version)) return true;
    // The index only: a save may call this inside a write transaction, where a read of the
    // database would wait on the transaction itself (SQLite has one connection).
    await this.known.ready();
    const newest = this.known.entry(name);
    if (newest === undefined) return false;
    // A private piece an admin uploaded installs wherever it is needed, whatever the setting.
    const uploaded = this.known.entry(name, version)?.source === 'ARCHIVE';
    if (!uploaded && (!this.installOnDemand || newest.unavailableReason !== undefined)) return false;
    const key = `${name}@${version}`;
    let install = this.installing.get(key);
    if (install === undefined) {
      install = this.installOnce(name, version).finally(() => this.installing.delete(key));
      this.installing.set(key, install);
    }
    return install;
  }

  /** Why the last on-demand install of that version failed, if it did. */
  installFailure(name: string, version: string): string | undefined {
    return this.installFailures.get(`${name}@${version}`);
  }

  private async installOnce(name: string, version: string): Promise<boolean> {
    const key = `${name}@${version}`;
    try {
      await withInstallLock(this.piecesDir, key, async () => {
        this.forget(name, version);
        if (await this.has(name, version)) return;
        const started = Date.now();
        const archive =
          this.known.entry(name, version)?.source === 'ARCHIVE'
            ? await this.known.archiveOf(name, version)
            : undefined;
        const result =
          archive === undefined ? await this.install(key) : await this.installArchive(name, version, archive);
        this.logger?.info(
          { piece: { name: result.name, version: result.version }, durationMs: Date.now() - started },
          'Installed a piece a flow needs',
        );
      });
      this.forget(name, version);
      this.installFailures.delete(key);
      return await this.has(name, version);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.installFailures.set(key, message);
      this.logger?.warn(
        { piece: { name, version }, error: message },
        'A piece a flow needs could not be installed',
      );
      return false;
    }
  }

  /** True when that npm version is installed in the pieces directory (whatever the built-ins). */
  installedFromNpm(name: string, version: string): Promise<boolean> {
    return this.installed.has(name, version);
  }

  /** True for a built-in piece (it runs in the worker threads, never in a piece process). */
  isBuiltin(name: string): boolean {
    return this.builtins.has(name);
  }

  /**
   * The piece process host for design-time calls (started on first use, one process).
   * Use it for calls a user waits on in the builder: metadata, dropdown options.
   */
  npm(): NpmPieceHost {
    this.host ??= this.newHost();
    return this.host;
  }

  /**
   * Calls trigger hooks (enable, disable, poll, renew, test) of built-in pieces in this process
   * and of npm pieces in a piece process of their own (started on first use), apart from the
   * runs' processes and the builder's.
   */
  triggers(): TriggerRunner {
    this.triggerRunner ??= createTriggerRunner({
      builtins: BUILTIN_PIECES,
      npm: {
        has: (name, version) => this.installed.has(name, version),
        runTrigger: (request, services) => this.triggerProcess().runTrigger(request, services),
        handleAppEvent: (request) => this.triggerProcess().handleAppEvent(request),
      },
    });
    return this.triggerRunner;
  }

  /**
   * Installs an npm piece version (`name@range`), checking that it loads as a piece.
   * @throws PieceInstallError (see `installPiece`); nothing stays installed then.
   */
  install(spec: string): Promise<InstalledPieceResult> {
    return this.oneAtATime(async () => {
      const result = await installPiece(spec, this.piecesDir, {
        verify: async (name, version) => {
          this.forget(name, version);
          await this.npm().metadata(name, version);
        },
      });
      this.forget(result.name, result.version);
      return result;
    });
  }

  /**
   * Installs a packed private piece (`npm pack`'s `.tgz`) as `name@version`, checking that it
   * loads as a piece.
   * @throws PieceInstallError (see `installPieceArchive`); nothing stays installed then.
   */
  installArchive(name: string, version: string, archive: Uint8Array): Promise<InstalledPieceResult> {
    return this.oneAtATime(async () => {
      let metadata: PieceMetadata | undefined;
      const result = await installPieceArchive(archive, name, version, this.piecesDir, {
        verify: async () => {
          this.forget(name, version);
          metadata = await this.npm().metadata(name, version);
        },
      });
      this.forget(name, version);
      // Kept in the catalogue, so that processes with pieces directories of their own install it too.
      if (metadata !== undefined) await this.known.put([{ metadata, archive }], 'ARCHIVE');
      return result;
    });
  }

  /** Removes an installed npm piece version; false when it was not installed. */
  remove(name: string, version: string): Promise<boolean> {
    return this.oneAtATime(async () => {
      const removed = await removePiece(this.piecesDir, name, version);
      this.forget(name, version);
      if (this.known.entry(name, version)?.source === 'ARCHIVE') await this.known.remove([{ name, version }]);
      return removed;
    });
  }

  /** Stops the design-time and trigger piece processes. */
  async close(): Promise<void> {
    await this.host?.close();
    await this.triggerHost?.close();
  }

  private triggerProcess(): NpmPieceHost {
    this.triggerHost ??= this.newHost();
    return this.triggerHost;
  }

  private newHost(): NpmPieceHost {
    return new NpmPieceHost({
      poolSize: 1,
      callTimeoutMs: DESIGN_TIME_CALL_TIMEOUT_MS,
      resolvePiece: createPieceResolver({ piecesDir: this.piecesDir, searchNodeModules: false }),
      ...(this.logger
        ? {
            log: {
              log: (level, message, fields) => this.logger![level]({ ...fields, source: 'piece' }, message),
            },
          }
        : {}),
    });
  }

  private oneAtATime<T>(change: () => Promise<T>): Promise<T> {
    const result = this.changes.then(change);
    this.changes = result.catch(() => undefined);
    return result;
  }

  private forget(name: string, version: string): void {
    this.installed.forget(name, version);
    this.host?.forget(name, version);
    this.triggerHost?.forget(name, version);
    this.catalogue.forget(name, version);
  }
}

/** The command that installs a piece version, as messages quote it. */
export function installCommand(name: string, version: string): string {
  return `piecework pieces add ${name}@${version}`;
}
