/**
 * bench/webhooks: webhook -> 10-step flow -> sync response, on the real server (SQLite, durable
 * queue, engine in worker threads, every step persisted as it finishes), runs/s and p50/p99 at
 * c=1 and c=16, beside a bare Fastify route in the same run; then the time from process start to
 * the first answered webhook. The load comes from a second process (bench/load-generator.ts).
 *
 * Run: npm run bench:webhooks   (BENCH_SECONDS=5 by default per case; run `npm run build` first
 * for the start-up figure to use the built CLI)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { code, returnResponse, webhookTrigger } from '../packages/server/src/modules/flows/flow-test-kit';
import { createServer } from '../packages/server/src/index';
import { callJson, runLoad, signUpBenchUser } from './http-load';
import type { LoadSpec } from './load-generator';
import { printTable } from './support';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);

const load = (spec: Omit<LoadSpec, 'seconds' | 'warmupSeconds'>) => runLoad(spec, seconds);
const api = callJson;

const codeStep = (index: number) =>
  code(`step_${String(index)}`, 'return { n: Number(inputs.n) + 1 };', {
    n: index === 1 ? "{{trigger['output'].body.n}}" : `{{step_${String(index - 1)}['output'].n}}`,
  });
const respondStep = returnResponse('step_10', { status: 200, body: { n: "{{step_9['output'].n}}" } });

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-webhooks-'));
const env = {
  AP_CONFIG_PATH: dataDir,
  AP_LOG_LEVEL: 'warn',
  AP_WORKER_CONCURRENCY: '16',
  AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '16',
};
const server = await createServer({ env });
const origin = await server.listen({ port: 0, host: '127.0.0.1' });
const user = await signUpBenchUser(origin);
const flow = await api<{ id: string }>(origin, 'POST', '/v1/flows', user.token, {
  displayName: 'Webhook bench',
  projectId: user.projectId,
});
const operations: unknown[] = [
  { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
  ...Array.from({ length: 9 }, (_, i) => ({
    type: 'ADD_ACTION',
    request: { parentStep: i === 0 ? 'trigger' : `step_${String(i)}`, action: codeStep(i + 1) },
  })),
  { type: 'ADD_ACTION', request: { parentStep: 'step_9', action: respondStep } },
  { type: 'LOCK_AND_PUBLISH', request: {} },
];
for (const operation of operations) await api(origin, 'POST', `/v1/flows/${flow.id}`, user.token, operation);
const check = await fetch(`${origin}/api/v1/webhooks/${flow.id}/sync`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{"n":0}',
});
process.stdout.write(`check: ${String(check.status)} ${await check.text()}\n`);

const bare = Fastify();
bare.post('/bare', (request, reply) => {
  JSON.stringify(request.body);
  return reply.send({ n: 9 });
});
const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });

const rows: string[][] = [];
const body = ['{"n":0}'];
const json = { 'content-type': 'application/json' };
for (const connections of [1, 16]) {
  const cpuBefore = process.cpuUsage();
  const ours = await load({
    origin,
    path: `/api/v1/webhooks/${flow.id}/sync`,
    method: 'POST',
    headers: json,
    bodies: body,
    connections,
  });
  const cpu = process.cpuUsage(cpuBefore);
  // The server process's CPU (every thread) per run, warm-up second included.
  const cpuMsPerRun = (cpu.user + cpu.system) / 1000 / (ours.requestsPerSecond * (seconds + 1));
  const baseline = await load({
    origin: bareOrigin,
    path: '/bare',
    method: 'POST',
    headers: json,
    bodies: body,
    connections,
  });
  rows.push([
    String(connections),
    ours.requestsPerSecond.toFixed(0),
    ours.p50.toFixed(2),
    ours.p99.toFixed(2),
    cpuMsPerRun.toFixed(2),
    baseline.requestsPerSecond.toFixed(0),
    baseline.p50.toFixed(2),
    baseline.p99.toFixed(2),
    String(ours.errors),
  ]);
}
await bare.close();
await server.close();

process.stdout.write(
  `webhook -> 10-step flow (9 code steps + Return Response) -> sync answer; ${String(seconds)} s per case\n`,
);
printTable(
  ['c', 'runs/s', 'p50 ms', 'p99 ms', 'server CPU ms/run', 'bare req/s', 'bare p50', 'bare p99', 'errors'],
  rows,
);

const built = join('packages', 'server', 'dist', 'standalone', 'cli.js');
const cli = existsSync(built)
  ? [built, 'start']
  : ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'start'];
const port = 20_000 + Math.floor(Math.random() * 20_000);
const started = performance.now();
const child = spawn(process.execPath, cli, {
  env: { ...process.env, ...env, AP_PORT: String(port) },
  stdio: 'ignore',
});
let firstAnswer = 0;
for (;;) {
  try {
    const answer = await fetch(`http://127.0.0.1:${String(port)}/api/v1/webhooks/${flow.id}/sync`, {
      method: 'POST',
      headers: json,
      body: '{"n":0}',
    });
    if (answer.status === 200) {
      firstAnswer = performance.now() - started;
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((done) => setTimeout(done, 2));
}
child.kill('SIGTERM');
process.stdout.write(
  `process start -> first answered sync webhook: ${firstAnswer.toFixed(0)} ms (${existsSync(built) ? 'built CLI' : 'CLI from sources via tsx'})\n`,
);
await new Promise((done) => child.once('exit', done));
rmSync(dataDir, { recursive: true, force: true });
