import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 kB'],
    [3_456, '3.5 kB'],
    [12_300_000, '12.3 MB'],
    [2_000_000_000, '2 GB'],
  ])('shows %d bytes as %s', (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });
});
