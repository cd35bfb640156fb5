import type { FlowVersion } from '@piecework/shared';

/**
 * Numeric keys of flow version objects, by identity, for the threads' version caches: the same
 * object always gets the same key, another object (even with equal data) another key. Held
 * weakly: a version nobody else holds is collected, key and all.
 *
 * Keying by identity relies on what the engine's own caches rely on: a flow version object is
 * not changed once it has been run (a server keeps one object per locked version and builds a
 * draft afresh for each run).
 */
export class VersionKeys {
  private readonly keys = new WeakMap<FlowVersion, number>();
  private nextKey = 1;

  /** The key of `flowVersion`, made on first sight. */
  keyOf(flowVersion: FlowVersion): number {
    let key = this.keys.get(flowVersion);
    if (key === undefined) {
      key = this.nextKey++;
      this.keys.set(flowVersion, key);
    }
    return key;
  }
}
