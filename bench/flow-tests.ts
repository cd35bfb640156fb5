/**
 * bench/flow-tests: what flow tests and replay cost, each beside a baseline measured in the same
 * run.
 * - Replay: 100 recorded runs of a 10-step flow (5 piece steps, 5 code steps) replayed against
 *   the same version with `replayRun` (piece steps answered from each run's records) and compared
 *   with `compareRuns`, against the baseline of 100 plain engine executions of the same flow
 *   (piece steps answered by an in-memory test piece).
 * - `piecework test` on 50 test cases of one 10-step flow (5 HTTP steps answered from recordings,
 *   5 code steps), run in-process against the real server on loopback (SQLite): the whole
 *   command (HTTP, the server running the cases, expectations, the report), against the baseline
 *   of 50 plain engine executions of the same version in this process with a piece runner
 *   answering the same outputs.
 *
 * Each pair is measured in turn, 5 rounds, and the best round of each is shown.
 *
 * Run: npm run bench:flow-tests
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compareRuns,
  createMemoryHost,
  FlowEngine,
  recordingsFromRun,
  replayRun,
  type PieceRunner,
  type RunResult,
} from '../packages/engine/src/index';
import { createTestPieces } from '../packages/engine/src/testing/test-pieces';
import type { FlowVersion, StepRequest } from '../packages/shared/src/index';
import { code, flow, piece } from '../packages/shared/src/testing';
import { runTestCommand } from '../packages/server/src/cli/test-command';
import { createServer } from '../packages/server/src/index';
import { freePort } from '../packages/server/src/testing/server-process';
import { addAfter, code as codeRequest } from '../packages/server/src/testing/features/webhook-run-test-kit';
import { webhookTrigger } from '../packages/server/src/testing/features/flow-test-kit';
import { httpGet } from '../packages/server/src/testing/features/flow-tests-test-kit';
import { callJson, signUpBenchUser } from './http-load';
import { printTable } from './support';

const REPLAYED_RUNS = 100;
const TEST_CASES = 50;
const rows: string[][] = [];
const perRun = (ms: number, count: number) => `${(ms / count).toFixed(2)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

const ROUNDS = 5;

/**
 * The best of {@link ROUNDS} rounds of `baseline` and `subject`, measured in turn (baseline,
 * subject, baseline, ...), so that both see the same machine and the same warm JIT.
 */
async function bestOfRounds<B, S>(
  baseline: () => Promise<B>,
  subject: () => Promise<S>,
): Promise<{ baseline: { ms: number; value: B }; subject: { ms: number; value: S } }> {
  let best: { baseline: { ms: number; value: B }; subject: { ms: number; value: S } } | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const one = await timed(baseline);
    const two = await timed(subject);
    best = {
      baseline: best === undefined || one.ms < best.baseline.ms ? one : best.baseline,
      subject: best === undefined || two.ms < best.subject.ms ? two : best.subject,
    };
  }
  return best!;
}

// 1. Replaying 100 recorded runs of a 10-step flow.
const steps = Array.from({ length: 5 }, (_, i) => [
  piece(`fetch_${String(i)}`, 'echo', { n: "{{trigger['output'].n}}", i }),
  code(`compute_${String(i)}`, 'return { sum: inputs.n + inputs.i };', {
    n: "{{trigger['output'].n}}",
    i: `{{fetch_${String(i)}['output'].i}}`,
  }),
]).flat();
const version = flow(...steps);
const engine = new FlowEngine({ host: createMemoryHost({ pieces: createTestPieces() }) });
for (let n = 0; n < 10; n++) await engine.execute({ flowVersion: version, triggerPayload: { n } });
const recorded: RunResult[] = [];
for (let n = 0; n < REPLAYED_RUNS; n++)
  recorded.push(await engine.execute({ flowVersion: version, triggerPayload: { n } }));
const { baseline: plain, subject: replayed } = await bestOfRounds(
  async () => {
    for (let n = 0; n < REPLAYED_RUNS; n++)
      await engine.execute({ flowVersion: version, triggerPayload: { n } });
  },
  async () => {
    let same = 0;
    for (const [n, run] of recorded.entries()) {
      const replay = await replayRun({
        flowVersion: version,
        triggerOutput: { n },
        recordings: recordingsFromRun(run.steps),
      });
      if (
        replay.wouldCallService === undefined &&
        compareRuns(run.steps, replay.result.steps).changed.length === 0
      )
        same++;
    }
    return same;
  },
);
if (replayed.value !== REPLAYED_RUNS)
  throw new Error(`only ${String(replayed.value)} runs replayed the same`);
rows.push(
  [
    'plain engine execution (baseline)',
    String(REPLAYED_RUNS),
    plain.ms.toFixed(0),
    perRun(plain.ms, REPLAYED_RUNS),
    '1.00x',
  ],
  [
    'replay + compare',
    String(REPLAYED_RUNS),
    replayed.ms.toFixed(0),
    perRun(replayed.ms, REPLAYED_RUNS),
    `${(replayed.ms / plain.ms).toFixed(2)}x`,
  ],
);

// 2. `piecework test` on 50 cases through a real server.
const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-flow-tests-'));
const port = await freePort();
const origin = `http://127.0.0.1:${String(port)}`;
const server = await createServer({
  env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'warn', AP_FRONTEND_URL: origin },
  webApp: false,
});
await server.listen({ port, host: '127.0.0.1' });
try {
  const user = await signUpBenchUser(origin);
  const created = await callJson<{ id: string }>(origin, 'POST', '/v1/flows', user.token, {
    projectId: user.projectId,
    displayName: 'Bench flow',
  });
  const requests: StepRequest[] = Array.from({ length: 5 }, (_, i) => [
    httpGet(`fetch_${String(i)}`, `http://127.0.0.1:9/item/${String(i)}`),
    codeRequest(`compute_${String(i)}`, 'return { sum: inputs.n + inputs.price };', {
      n: "{{trigger['output'].body.n}}",
      price: `{{fetch_${String(i)}['output'].body.price}}`,
    }),
  ]).flat();
  await callJson(origin, 'POST', `/v1/flows/${created.id}`, user.token, {
    type: 'UPDATE_TRIGGER',
    request: webhookTrigger(),
  });
  let parent = 'trigger';
  for (const request of requests) {
    await callJson(origin, 'POST', `/v1/flows/${created.id}`, user.token, addAfter(request, parent));
    parent = request.name;
  }
  const output = (i: number) => ({ status: 200, headers: {}, body: { price: i * 10 } });
  const recordings = Object.fromEntries(
    Array.from({ length: 5 }, (_, i) => [`fetch_${String(i)}`, { output: output(i), status: 'SUCCEEDED' }]),
  );
  for (let n = 0; n < TEST_CASES; n++) {
    await callJson(origin, 'POST', `/v1/flows/${created.id}/test-cases`, user.token, {
      displayName: `case ${String(n)}`,
      triggerOutput: { body: { n } },
      recordings,
      expectations: [
        { type: 'STEP_OUTPUT', stepName: 'compute_4', equals: { sum: n + 40 } },
        { type: 'RUN_STATUS', status: 'SUCCEEDED' },
      ],
    });
  }
  const saved = await callJson<{ version: FlowVersion }>(
    origin,
    'GET',
    `/v1/flows/${created.id}`,
    user.token,
  );
  const answering: PieceRunner = {
    run: async (request) => ({ status: 'SUCCEEDED', output: output(Number(request.stepName.slice(-1))) }),
  };
  const direct = new FlowEngine({ host: createMemoryHost({ pieces: answering }) });
  const io = {
    out: () => {},
    err: (line: string) => process.stderr.write(`${line}\n`),
    env: { AP_API_URL: `${origin}/api`, AP_API_KEY: user.token },
  };
  const { baseline, subject: command } = await bestOfRounds(
    async () => {
      for (let n = 0; n < TEST_CASES; n++) {
        await direct.execute({ flowVersion: saved.version, triggerPayload: { body: { n } } });
      }
    },
    () => runTestCommand([created.id], io),
  );
  if (command.value !== 0) throw new Error(`piecework test exited ${String(command.value)}`);
  rows.push(
    [
      'plain engine execution (baseline)',
      String(TEST_CASES),
      baseline.ms.toFixed(0),
      perRun(baseline.ms, TEST_CASES),
      '1.00x',
    ],
    [
      'piecework test (HTTP + server)',
      String(TEST_CASES),
      command.ms.toFixed(0),
      perRun(command.ms, TEST_CASES),
      `${(command.ms / baseline.ms).toFixed(2)}x`,
    ],
  );
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

printTable(['what', 'runs', 'total ms', 'per run', 'vs baseline'], rows);
