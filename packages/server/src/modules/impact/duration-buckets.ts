/**
 * Run durations kept as counts per bucket instead of one value per run, so that the percentiles
 * of any set of days come from summed counts. Buckets grow geometrically: bucket 0 holds
 * durations under 1 ms, and bucket `b >= 1` holds `[2^((b-1)/8), 2^(b/8))` ms, eight buckets per
 * doubling; a percentile read from buckets is within one bucket's width (about 9% of the value)
 * of the exact one. A day of durations takes at most 213 buckets.
 */

/** How many buckets each doubling of duration is split into. */
export const BUCKETS_PER_DOUBLING = 8;

/** The bucket a run of `durationMs` milliseconds counts in. */
export function durationBucketOf(durationMs: number): number {
  if (!(durationMs >= 1)) return 0;
  return Math.floor(Math.log2(durationMs) * BUCKETS_PER_DOUBLING) + 1;
}

/** The shortest duration, in milliseconds, of bucket `bucket`. */
export function bucketLowerBoundMs(bucket: number): number {
  return bucket <= 0 ? 0 : 2 ** ((bucket - 1) / BUCKETS_PER_DOUBLING);
}

/** The duration, in milliseconds, where bucket `bucket` ends (excluded). */
export function bucketUpperBoundMs(bucket: number): number {
  return 2 ** (Math.max(bucket, 0) / BUCKETS_PER_DOUBLING);
}

/** The duration a bucket stands for in a percentile: its geometric middle (0.5 ms for bucket 0). */
export function bucketMiddleMs(bucket: number): number {
  if (bucket <= 0) return 0.5;
  return Math.sqrt(bucketLowerBoundMs(bucket) * bucketUpperBoundMs(bucket));
}

/** How many runs fell in one bucket. */
export interface BucketCount {
  bucket: number;
  runs: number;
}

/**
 * The `fraction` percentile (0.5 for the median) of the durations counted in `counts`, by
 * nearest rank (the smallest duration with at least `fraction` of the runs at or under it),
 * answered as its bucket's middle; null when no run is counted.
 */
export function percentileOfBuckets(counts: readonly BucketCount[], fraction: number): number | null {
  const sorted = counts.filter((count) => count.runs > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, count) => sum + count.runs, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(fraction * total));
  let seen = 0;
  for (const count of sorted) {
    seen += count.runs;
    if (seen >= rank) return bucketMiddleMs(count.bucket);
  }
  return bucketMiddleMs(sorted[sorted.length - 1]!.bucket);
}
