/**
 * The Activepieces `_dedupe_key` rule for items a trigger returns: an item carrying
 * `_dedupe_key` that an item of the same flow version carried in the last 30 seconds is
 * dropped, and the property is removed from the items that run. The keys live in this process
 * (as in Activepieces' single-process queue mode), so a restart forgets them.
 */

/** The property a trigger item names its de-duplication key with. */
export const DEDUPE_KEY_PROPERTY = '_dedupe_key';

/** How long a key is remembered, in ms (Activepieces' 30 seconds). */
export const DEDUPE_WINDOW_MS = 30_000;

/** Items kept by {@link DedupeWindow.unique}, with the keys to remember once they are recorded. */
export interface UniqueItems {
  items: unknown[];
  keys: string[];
}

/** Remembers recent `_dedupe_key`s per flow version. */
export class DedupeWindow {
  /** `<flowVersionId>:<key>` -> when it is forgotten (ms). */
  private readonly seen = new Map<string, number>();

  /**
   * The items of `flowVersionId` that are not duplicates at `nowMs` (of a remembered key, or of
   * an earlier item of the same batch), without their `_dedupe_key`. Nothing is remembered
   * until {@link remember}: a batch that is not recorded leaves no trace.
   */
  unique(flowVersionId: string, items: readonly unknown[], nowMs: number): UniqueItems {
    this.forgetExpired(nowMs);
    const kept: unknown[] = [];
    const keys: string[] = [];
    for (const item of items) {
      const key = dedupeKeyOf(item);
      if (key === undefined) {
        kept.push(item);
        continue;
      }
      const id = `${flowVersionId}:${key}`;
      if (this.seen.has(id) || keys.includes(id)) continue;
      keys.push(id);
      kept.push(withoutDedupeKey(item as Record<string, unknown>));
    }
    return { items: kept, keys };
  }

  /** Remembers `keys` (from {@link unique}) for 30 s (`DEDUPE_WINDOW_MS`) from `nowMs`. */
  remember(keys: readonly string[], nowMs: number): void {
    for (const key of keys) this.seen.set(key, nowMs + DEDUPE_WINDOW_MS);
  }

  private forgetExpired(nowMs: number): void {
    for (const [key, until] of this.seen) if (until <= nowMs) this.seen.delete(key);
  }
}

function dedupeKeyOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null || !(DEDUPE_KEY_PROPERTY in item)) return undefined;
  const key = (item as Record<string, unknown>)[DEDUPE_KEY_PROPERTY];
  return key === undefined || key === null ? undefined : String(key);
}

function withoutDedupeKey(item: Record<string, unknown>): Record<string, unknown> {
  const { [DEDUPE_KEY_PROPERTY]: _key, ...rest } = item;
  return rest;
}
