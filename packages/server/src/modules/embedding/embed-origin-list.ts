/**
 * A list of allowed embed origins as stored on a platform (`allowedEmbedOrigins`, JSON text) and
 * the pure edits of it: merge (deduplicated, order kept, capped) and remove. Two origins are the
 * same when each matches the other (`embedOriginMatches`: case and default ports do not count).
 */
import { embedOriginMatches, EmbedOrigin } from '@piecework/shared';
import { z } from 'zod';
import { ruleViolation } from '../../infrastructure/errors';
import type { JsonText } from '../../infrastructure/storage/database';

/** How many origins a platform may allow (AP_ALLOWED_EMBED_ORIGINS not counted). */
export const MAX_ALLOWED_EMBED_ORIGINS = 100;

/** The origins stored in a platform's `allowedEmbedOrigins` column (any unreadable entry left out). */
export function parseEmbedOrigins(text: JsonText | null | undefined): string[] {
  if (text === null || text === undefined) return [];
  const parsed = z.array(z.unknown()).safeParse(JSON.parse(text));
  if (!parsed.success) return [];
  return parsed.data.filter((entry): entry is string => EmbedOrigin.safeParse(entry).success);
}

/** Whether `a` and `b` name the same origin (or the same wildcard). */
export function sameEmbedOrigin(a: string, b: string): boolean {
  return embedOriginMatches(a, b) && embedOriginMatches(b, a);
}

/** `origins` without repeats, the first of each kept, in order. */
export function dedupeEmbedOrigins(origins: readonly string[]): string[] {
  const kept: string[] = [];
  for (const origin of origins) {
    if (!kept.some((existing) => sameEmbedOrigin(existing, origin))) kept.push(origin);
  }
  return kept;
}

/**
 * `current` followed by those of `added` not already in it. Over {@link MAX_ALLOWED_EMBED_ORIGINS}
 * it throws 409 VALIDATION, saying how many are allowed.
 */
export function mergeEmbedOrigins(current: readonly string[], added: readonly string[]): string[] {
  const merged = dedupeEmbedOrigins([...current, ...added]);
  if (merged.length > MAX_ALLOWED_EMBED_ORIGINS) {
    throw ruleViolation(
      `A platform allows at most ${String(MAX_ALLOWED_EMBED_ORIGINS)} embed origins; this would make ${String(merged.length)}`,
      { max: MAX_ALLOWED_EMBED_ORIGINS },
    );
  }
  return merged;
}

/** `current` without the origins of `removed` (origins not in it are ignored). */
export function removeEmbedOrigins(current: readonly string[], removed: readonly string[]): string[] {
  return current.filter((origin) => !removed.some((gone) => sameEmbedOrigin(gone, origin)));
}
