/**
 * bench/agents: what an agent step costs the server, against the real server on loopback (SQLite)
 * and the OpenAI stand-in (a `custom` AI provider) answering every chat-completions request after
 * a fixed latency of its own.
 * - Per-turn overhead: flows whose agent step takes 1 turn (it ends its task at once) and 11 turns
 *   (10 searches of a project table as a knowledge base, then the end), run one after another,
 *   interleaved, beside a baseline flow with one code step instead of the agent. A run's server
 *   time is its `finishTime - startTime`; less the time the stand-in itself spent answering
 *   (measured around its wait, timer slack included), the 11-turn and 1-turn figures give the
 *   overhead per turn (the model request and its answer over loopback, the table search, the
 *   agent's state saved after each step), and the 1-turn figure minus the baseline the fixed
 *   cost of pausing for an agent and resuming.
 * - Memory per flow run waiting on an agent: K runs started at once while the stand-in holds
 *   every request open; once all K are PAUSED with their agents' requests at the stand-in, the
 *   heap and RSS over those before the runs (after a GC), divided by K. The bench raises the
 *   worker and project job limits above K so every agent is talking at once; with the defaults
 *   (5 jobs per project), the runs past the fifth wait QUEUED, holding only their queued job.
 *
 * Run: npm run bench:agents   (BENCH_RUNS=40, BENCH_LATENCY_MS=20, BENCH_WAITING=500 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../packages/server/src/index';
import { agentStep, gate, standInProvider } from '../packages/server/src/testing/features/agent-test-kit';
import { code } from '../packages/server/src/testing/features/flow-test-kit';
import { startOpenAIStandIn, type StandInReply } from '../packages/server/src/testing/openai-stand-in';
import { freePort } from '../packages/server/src/testing/server-process';
import { callJson, signUpBenchUser } from './http-load';
import { printTable } from './support';
import { publishFlow } from './webhook-flow';

const runs = Number(process.env['BENCH_RUNS'] ?? 40);
const latencyMs = Number(process.env['BENCH_LATENCY_MS'] ?? 20);
const waiting = Number(process.env['BENCH_WAITING'] ?? 500);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('Run with node --expose-gc (npm run bench:agents does)');

let hold: ReturnType<typeof gate> | undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Milliseconds the stand-in has spent answering so far (its latency as measured, timer slack included). */
let standInMs = 0;
const standIn = await startOpenAIStandIn(async (request): Promise<StandInReply> => {
  if (hold !== undefined) await hold.opened;
  const start = performance.now();
  await sleep(latencyMs);
  standInMs += performance.now() - start;
  // The prompt names how many searches to make; each turn so far left one assistant message.
  const prompt = request.messages.find((message) => message.role === 'user')?.content ?? '';
  const searches = Number(/(\d+) searches/.exec(prompt)?.[1] ?? 0);
  const turn = request.messages.filter((message) => message.role === 'assistant').length;
  if (turn < searches)
    return { toolCalls: [{ name: 'search_docs', arguments: { query: `refund ${String(turn)}` } }] };
  return {
    toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output: { answer: turn } } }],
    usage: { prompt_tokens: 100, completion_tokens: 10 },
  };
});

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-agents-'));
const port = await freePort();
const origin = `http://127.0.0.1:${String(port)}`;
const server = await createServer({
  env: {
    AP_CONFIG_PATH: dataDir,
    AP_LOG_LEVEL: 'warn',
    AP_FRONTEND_URL: origin,
    AP_SSRF_ALLOW_LIST: '127.0.0.1',
    // Every waiting run gets its agent going at once (else the project's 5 slots hold the rest
    // QUEUED, before their agent step); the per-turn runs go one at a time either way.
    AP_WORKER_CONCURRENCY: String(waiting + 10),
    AP_DEFAULT_CONCURRENT_JOBS_LIMIT: String(waiting + 10),
  },
  webApp: false,
});
await server.listen({ port, host: '127.0.0.1' });
const user = await signUpBenchUser(origin);
await callJson(origin, 'POST', '/v1/ai-providers', user.token, standInProvider(standIn));

// The knowledge base: a table of 200 short documents.
const table = await callJson<{ id: string }>(origin, 'POST', '/v1/tables', user.token, {
  projectId: user.projectId,
  name: 'Docs',
  fields: [
    { name: 'Title', type: 'TEXT' },
    { name: 'Body', type: 'TEXT' },
  ],
});
const fields = await callJson<{ id: string; name: string }[]>(
  origin,
  'GET',
  `/v1/fields?tableId=${table.id}`,
  user.token,
);
const [titleField, bodyField] = ['Title', 'Body'].map(
  (name) => fields.find((field) => field.name === name)!.id,
);
for (let page = 0; page < 4; page++) {
  await callJson(origin, 'POST', '/v1/records', user.token, {
    tableId: table.id,
    records: Array.from({ length: 50 }, (_, j) => {
      const i = page * 50 + j;
      const body = i % 10 === 0 ? `Refund policy ${String(i)}: one month` : `Shipping note ${String(i)}`;
      return [
        { fieldId: titleField, value: `Document ${String(i)}` },
        { fieldId: bodyField, value: body },
      ];
    }),
  });
}

const agentFlow = (searches: number) =>
  publishFlow(origin, user, `Agent, ${String(searches)} searches`, [
    agentStep({
      prompt: `Answer after ${String(searches)} searches of the docs.`,
      agentTools: [{ type: 'KNOWLEDGE_BASE', toolName: 'docs', sourceType: 'TABLE', sourceId: table.id }],
    }),
  ]);
const flows = {
  baseline: await publishFlow(origin, user, 'Baseline', [code('step_1', 'return { answer: 1 };', {})]),
  oneTurn: await agentFlow(0),
  elevenTurns: await agentFlow(10),
};

const db = server.context.store.db;
const progress = (message: string) => process.stderr.write(`bench/agents: ${message}\n`);
progress('flows published');

/** Starts a run of `flowId` through its webhook; answers the run id. */
async function trigger(flowId: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/webhooks/${flowId}`, { method: 'POST', body: '{}' });
  if (response.status !== 200) throw new Error(`webhook answered ${String(response.status)}`);
  return response.headers.get('x-webhook-id')!;
}

/** Waits until every run of `runIds` has `status`. */
async function waitFor(runIds: string[], status: string): Promise<void> {
  for (;;) {
    const rows = await db.selectFrom('flowRun').select('status').where('id', 'in', runIds).execute();
    const failed = rows.find((row) => row.status === 'FAILED' || row.status === 'INTERNAL_ERROR');
    if (failed !== undefined) throw new Error(`a run ended ${failed.status}`);
    if (rows.length === runIds.length && rows.every((row) => row.status === status)) return;
    await sleep(5);
  }
}

/** Runs `flowId` once to its end; answers the run's server time in ms, and that less the stand-in's time. */
async function serverTime(flowId: string): Promise<{ total: number; net: number }> {
  const standInBefore = standInMs;
  const runId = await trigger(flowId);
  await waitFor([runId], 'SUCCEEDED');
  const row = await db
    .selectFrom('flowRun')
    .select(['startTime', 'finishTime'])
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
  const total = Date.parse(row.finishTime!) - Date.parse(row.startTime!);
  return { total, net: total - (standInMs - standInBefore) };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// Per-turn overhead: warm every path, then interleave the three flows run by run.
for (let i = 0; i < 3; i++) for (const flowId of Object.values(flows)) await serverTime(flowId);
progress('warmed up');
type Times = { total: number[]; net: number[] };
const times: Record<keyof typeof flows, Times> = {
  baseline: { total: [], net: [] },
  oneTurn: { total: [], net: [] },
  elevenTurns: { total: [], net: [] },
};
for (let i = 0; i < runs; i++) {
  for (const key of ['baseline', 'oneTurn', 'elevenTurns'] as const) {
    const { total, net } = await serverTime(flows[key]);
    times[key].total.push(total);
    times[key].net.push(net);
  }
}
const baseline = median(times.baseline.net);
const oneTurn = median(times.oneTurn.net);
const elevenTurns = median(times.elevenTurns.net);
const perTurn = (elevenTurns - oneTurn) / 10;

// Memory per run waiting on an agent: every model request held until all runs are PAUSED.
gc();
const before = process.memoryUsage();
hold = gate();
const requestsBefore = standIn.requests.length;
const waitingIds = await Promise.all(Array.from({ length: waiting }, () => trigger(flows.oneTurn)));
await waitFor(waitingIds, 'PAUSED');
progress(`${String(waiting)} runs PAUSED`);
while (standIn.requests.length - requestsBefore < waiting) await sleep(20);
const talking = standIn.requests.length - requestsBefore;
gc();
const held = process.memoryUsage();
hold.open();
hold = undefined;
await waitFor(waitingIds, 'SUCCEEDED');

await server.close();
await standIn.close();
rmSync(dataDir, { recursive: true, force: true });

const ms = (value: number) => value.toFixed(1);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
process.stdout.write(
  `bench/agents: ${String(runs)} runs of each flow, interleaved; the stand-in answers after ${String(latencyMs)} ms\n\n`,
);
printTable(
  ['flow', 'median server time (ms)', 'less the stand-in time, median (ms)'],
  [
    ['baseline: webhook -> code step', ms(median(times.baseline.total)), ms(baseline)],
    ['agent, 1 turn (ends its task)', ms(median(times.oneTurn.total)), ms(oneTurn)],
    ['agent, 11 turns (10 table searches)', ms(median(times.elevenTurns.total)), ms(elevenTurns)],
  ],
);
process.stdout.write(
  `\nper-turn overhead over the stand-in's latency: ${ms(perTurn)} ms` +
    `\nfixed cost of an agent step (pause, agent job, resume) over the baseline: ${ms(oneTurn - baseline)} ms\n\n`,
);
printTable(
  ['runs waiting on an agent', 'agents talking to the model', 'heap per run (KiB)', 'RSS per run (KiB)'],
  [
    [
      String(waiting),
      String(talking),
      kib((held.heapUsed - before.heapUsed) / waiting),
      kib((held.rss - before.rss) / waiting),
    ],
  ],
);
