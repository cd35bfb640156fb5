import semver from 'semver';
import type { PieceResolver } from './resolve-piece';

/** Entries kept at most; past it the memory starts over (a server names far fewer versions). */
const MAX_ENTRIES = 10_000;

/**
 * Which npm piece versions (exact, or ranges such as `~0.3.1`) are installed, and where, remembered so that a step does not
 * touch the disk: a version found stays found, in the folder it was found in (an installed
 * version folder never changes); a missing one is trusted missing for `missingRecheckMs`, then
 * looked up again, so a piece added while the server runs is seen after at most that long. Use
 * one per runner that has to tell npm pieces from built-ins (`NpmPieceHost`, the worker threads'
 * piece runner).
 */
export class InstalledVersions {
  /** `name@version` -> its folder, or until when it counts as missing and the resolver's error. */
  private readonly presence = new Map<string, string | { until: number; error: unknown }>();

  constructor(
    private readonly resolvePiece: PieceResolver,
    private readonly missingRecheckMs = 1_000,
  ) {}

  /** True when that exact version can be found (a miss is remembered for `missingRecheckMs`). */
  async has(name: string, version: string): Promise<boolean> {
    try {
      await this.locate(name, version);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The folder of that exact version (remembered once found).
   * @throws Error (the resolver's: `piece x@1.2.3 is not installed (found 1.2.4)`) when it is
   *   missing; a miss (and its error) is remembered for `missingRecheckMs`.
   */
  async locate(name: string, version: string): Promise<string> {
    const key = `${name}@${version}`;
    const known = this.presence.get(key);
    if (typeof known === 'string') return known;
    if (known !== undefined && Date.now() < known.until) throw known.error;
    let found: string | { until: number; error: unknown };
    try {
      found = await this.resolvePiece(name, version);
    } catch (error) {
      found = { until: Date.now() + this.missingRecheckMs, error };
    }
    if (this.presence.size >= MAX_ENTRIES) this.presence.clear();
    this.presence.set(key, found);
    if (typeof found === 'string') return found;
    throw found.error;
  }

  /**
   * Drops what is remembered of that version, and of every range of that piece (it may resolve
   * to another version now): call it after installing or removing it.
   */
  forget(name: string, version: string): void {
    this.presence.delete(`${name}@${version}`);
    for (const key of this.presence.keys()) {
      if (key.startsWith(`${name}@`) && semver.valid(key.slice(name.length + 1)) === null)
        this.presence.delete(key);
    }
  }
}
