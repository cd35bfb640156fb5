import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketLowerBoundMs,
  bucketUpperBoundMs,
  durationBucketOf,
  percentileOfBuckets,
  type BucketCount,
} from './duration-buckets';

/** The exact nearest-rank percentile of `values`. */
function exactPercentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(fraction * sorted.length)) - 1]!;
}

function bucketsOf(values: readonly number[]): BucketCount[] {
  const counts = new Map<number, number>();
  for (const value of values) {
    const bucket = durationBucketOf(value);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return [...counts].map(([bucket, runs]) => ({ bucket, runs }));
}

describe('duration buckets', () => {
  it('puts every duration inside the bounds of its bucket', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (ms) => {
        const bucket = durationBucketOf(ms);
        expect(ms).toBeGreaterThanOrEqual(bucketLowerBoundMs(bucket) * (1 - 1e-12));
        expect(ms).toBeLessThan(bucketUpperBoundMs(bucket) * (1 + 1e-12));
      }),
    );
  });

  it('reads p50 and p95 from buckets within one bucket width of the exact percentiles', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 86_400_000 }), { minLength: 1, maxLength: 300 }),
        fc.constantFrom(0.5, 0.95),
        (durations, fraction) => {
          const exact = exactPercentile(durations, fraction);
          const estimate = percentileOfBuckets(bucketsOf(durations), fraction)!;
          const bucket = durationBucketOf(exact);
          const width = bucketUpperBoundMs(bucket) - bucketLowerBoundMs(bucket);
          expect(Math.abs(estimate - exact)).toBeLessThanOrEqual(width);
        },
      ),
    );
  });

  it('answers null when no run is counted', () => {
    expect(percentileOfBuckets([], 0.5)).toBeNull();
    expect(percentileOfBuckets([{ bucket: 4, runs: 0 }], 0.95)).toBeNull();
  });
});
