/**
 * Sizes in bytes as people read them (`512 B`, `3.4 kB`, `1.2 GB`), in decimal units, through
 * `Intl.NumberFormat`'s byte units.
 */

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** `bytes` in the largest decimal unit that keeps the number at least 1, with one decimal at most. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // Intl's short byte unit reads "999 byte"; people write "999 B".
  if (unit === 0) return `${String(Math.round(value))} B`;
  return new Intl.NumberFormat('en', {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
