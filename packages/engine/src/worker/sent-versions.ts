import type { FlowVersion } from '@piecework/shared';
import type { VersionRef } from './protocol';
import type { VersionKeys } from './version-keys';

/** Flow versions a thread holds at most, by default. */
export const HELD_VERSIONS_LIMIT = 64;

/**
 * The parent's account of which flow versions one worker thread holds (their keys, least recently
 * used first), and so what a run message must carry: the key alone when the thread holds the
 * version, the key and the version otherwise, plus the keys to evict to stay within `limit`.
 * Only keys are kept here: the versions themselves live in the thread (at most `limit` of them).
 * A new thread holds nothing, so a replaced thread starts with a new, empty account.
 */
export class SentVersions {
  private readonly held = new Set<number>();

  constructor(
    private readonly keys: VersionKeys,
    private readonly limit = HELD_VERSIONS_LIMIT,
  ) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`A held-versions limit must be a positive integer, not ${limit}`);
  }

  /** The version part of a run message for `flowVersion`. Changes nothing until {@link posted}. */
  refFor(flowVersion: FlowVersion): VersionRef {
    const key = this.keys.keyOf(flowVersion);
    if (this.held.has(key)) return { key };
    const excess = this.held.size + 1 - this.limit;
    if (excess <= 0) return { key, flowVersion };
    const evict: number[] = [];
    for (const old of this.held) {
      if (evict.length === excess) break;
      evict.push(old);
    }
    return { key, flowVersion, evict };
  }

  /** Records a ref the thread was sent: what it evicted and stored, `ref.key` most recently used. */
  posted(ref: VersionRef): void {
    for (const key of ref.evict ?? []) this.held.delete(key);
    this.held.delete(ref.key);
    this.held.add(ref.key);
  }
}
