/**
 * bench/scale-out-model: the throughput model of docs/scale-out.md as a table. A run of a flow
 * costs each part of a scale-out installation some CPU (measured by `npm run bench:scale-out`,
 * "per run at c=16"); each part can give as many runs a second as its cores divide by that cost,
 * and the installation gives the least of them: apps and workers add up, PostgreSQL is one
 * primary, Redis one thread.
 *
 * Run: npm run bench:scale-out-model   (per-run CPU ms: MODEL_APP_MS, MODEL_WORKER_MS (all the
 * workers' CPU for one run), MODEL_POSTGRES_MS, MODEL_REDIS_MS; cores: MODEL_APP_CORES and
 * MODEL_WORKER_CORES per machine, MODEL_POSTGRES_CORES; defaults: the 10-step flow measured on
 * 2026-12-06, 2-core app and worker machines, a 4-core PostgreSQL)
 */
import { printTable } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** CPU ms one run costs each part (the 10-step sync flow, c=16, 2026-12-06). */
const cost = {
  app: env('MODEL_APP_MS', 1.04),
  worker: env('MODEL_WORKER_MS', 2.96),
  postgres: env('MODEL_POSTGRES_MS', 1.18),
  redis: env('MODEL_REDIS_MS', 0.4),
};
const cores = {
  app: env('MODEL_APP_CORES', 2),
  worker: env('MODEL_WORKER_CORES', 2),
  postgres: env('MODEL_POSTGRES_CORES', 4),
};

/** Runs a second each part allows with `apps` app machines and `workers` worker machines. */
function capacities(apps: number, workers: number): Record<string, number> {
  return {
    apps: (apps * cores.app * 1000) / cost.app,
    workers: (workers * cores.worker * 1000) / cost.worker,
    PostgreSQL: (cores.postgres * 1000) / cost.postgres,
    // Redis runs commands on one thread, whatever its machine's cores.
    Redis: 1000 / cost.redis,
  };
}

const rows: string[][] = [];
for (const [apps, workers] of [
  [1, 1],
  [1, 2],
  [1, 4],
  [2, 4],
  [2, 8],
  [4, 16],
] as const) {
  const parts = capacities(apps, workers);
  const [limit, runs] = Object.entries(parts).sort((a, b) => a[1] - b[1])[0]!;
  rows.push([
    String(apps),
    String(workers),
    ...Object.values(parts).map((value) => value.toFixed(0)),
    runs.toFixed(0),
    limit,
  ]);
}
process.stdout.write(
  `per run: app ${String(cost.app)} ms, workers ${String(cost.worker)} ms, PostgreSQL ${String(cost.postgres)} ms, Redis ${String(cost.redis)} ms; cores: app ${String(cores.app)}, worker ${String(cores.worker)}, PostgreSQL ${String(cores.postgres)}, Redis 1\n`,
);
printTable(
  ['apps', 'workers', 'apps allow', 'workers allow', 'PostgreSQL allows', 'Redis allows', 'runs/s', 'limit'],
  rows,
);
// Everything on one machine of `shared` cores: the parts share them.
const shared = env('MODEL_SHARED_CORES', 2);
const all = cost.app + cost.worker + cost.postgres + cost.redis;
process.stdout.write(
  `all parts on one ${String(shared)}-core machine: ${((shared * 1000) / all).toFixed(0)} runs/s (${all.toFixed(2)} ms of CPU a run)\n`,
);
