/**
 * A closed-loop HTTP load generator, run as its own process so it does not share a core's event
 * loop with the server it measures. `c` connections each send one request after another for
 * `seconds` (after a warm-up); prints `{requests, seconds, p50, p99, errors, answered}` as JSON (ms).
 *
 * Usage: node --import tsx bench/load-generator.ts '<json spec>'
 */
import { Pool } from 'undici';

/** What to send. */
export interface LoadSpec {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Bodies to cycle through (POST). */
  bodies?: string[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

/** The figures of one load run. */
export interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered below 400 from the first to the last, warm-up included. */
  answered: number;
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const pool = new Pool(spec.origin, { connections: spec.connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let answered = 0;
  let sent = 0;
  let measuring = false;
  let stop = false;
  const worker = async (): Promise<void> => {
    while (!stop) {
      const body = spec.bodies === undefined ? undefined : spec.bodies[sent++ % spec.bodies.length];
      const start = performance.now();
      try {
        const response = await pool.request({
          origin: spec.origin,
          path: spec.path,
          method: spec.method,
          headers: spec.headers,
          ...(body === undefined ? {} : { body }),
        });
        await response.body.dump();
        if (response.statusCode >= 400) errors += 1;
        else answered += 1;
      } catch {
        errors += 1;
      }
      if (measuring) latencies.push(performance.now() - start);
    }
  };
  const workers = Array.from({ length: spec.connections }, () => worker());
  await new Promise((done) => setTimeout(done, spec.warmupSeconds * 1000));
  measuring = true;
  const started = performance.now();
  await new Promise((done) => setTimeout(done, spec.seconds * 1000));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(workers);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    requests: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    answered,
  };
}

if (process.argv[2] !== undefined) {
  void run(JSON.parse(process.argv[2]) as LoadSpec).then((result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  });
}
