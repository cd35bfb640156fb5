/** Shared helpers for the benchmarks: a seeded PRNG, a timer, a table printer, CPU of a process. */
import { procStatFields } from '../packages/server/src/testing/proc-stat';

/** A small seeded PRNG so that every run applies the same "random" operations. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Milliseconds per call of `fn`: the best of `rounds` timed rounds after one warm-up call. */
export function timeIt(fn: () => void, rounds: number): number {
  fn();
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Prints rows as an aligned text table (and as markdown when BENCH_MARKDOWN=1). */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i]!)).join('  ');
  if (process.env.BENCH_MARKDOWN === '1') {
    process.stdout.write(`| ${headers.join(' | ')} |\n|${headers.map(() => '---').join('|')}|\n`);
    for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
    return;
  }
  process.stdout.write(`${line(headers)}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

/**
 * CPU time (user + system) so far, in ms, of process `pid` (every thread), or of its main thread
 * only: read from /proc (Linux), in clock ticks of 10 ms. Use it to divide a server's CPU by the
 * runs it served.
 */
export function processCpuMs(pid: number, mainThreadOnly = false): number {
  const path = mainThreadOnly ? `/proc/${String(pid)}/task/${String(pid)}/stat` : `/proc/${String(pid)}/stat`;
  const fields = procStatFields(path);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
