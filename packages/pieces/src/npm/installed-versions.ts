import type { PieceResolver } from './resolve-piece';

/** Entries kept at most; past it the memory starts over (a server names far fewer versions). */
const MAX_ENTRIES = 10_000;

/**
 * Which exact npm piece versions are installed, remembered so that a flow of built-in pieces
 * does not touch the disk on every step: a version found stays found (an installed version
 * folder never changes); a missing one is trusted missing for `missingRecheckMs`, then looked up
 * again, so a piece added while the server runs is seen after at most that long. Use one per
 * runner that has to tell npm pieces from built-ins (`NpmPieceHost.has`, the worker threads'
 * piece runner).
 */
export class InstalledVersions {
  /** `name@version` -> found (true), or the time until which it counts as missing. */
  private readonly presence = new Map<string, true | number>();

  constructor(
    private readonly resolvePiece: PieceResolver,
    private readonly missingRecheckMs = 1_000,
  ) {}

  /** True when that exact version can be found (a miss is remembered for `missingRecheckMs`). */
  async has(name: string, version: string): Promise<boolean> {
    const key = `${name}@${version}`;
    const known = this.presence.get(key);
    if (known === true || (known !== undefined && Date.now() < known)) return known === true;
    let found: true | number;
    try {
      await this.resolvePiece(name, version);
      found = true;
    } catch {
      found = Date.now() + this.missingRecheckMs;
    }
    if (this.presence.size >= MAX_ENTRIES) this.presence.clear();
    this.presence.set(key, found);
    return found === true;
  }

  /** Drops what is remembered of that version: call it after installing or removing it. */
  forget(name: string, version: string): void {
    this.presence.delete(`${name}@${version}`);
  }
}
