/**
 * bench/human-input: the forms and chat pages' submissions over real HTTP to a started server
 * (from its sources, SQLite), each figure beside a baseline measured in the same run:
 * - a form flow (Web Form trigger, two code steps, Respond on UI): p50/p95 of the time from the
 *   POST of a submission (`/v1/human-input/form/:flowId/submissions`) to its `answer` event,
 *   beside the same flow through `/v1/webhooks/:flowId/sync` (POST to the response), interleaved;
 * - a chat flow whose agent step answers from the OpenAI stand-in (a fixed latency per turn):
 *   p50/p95 of the time from the POST of a message to the first `turn` event, beside the
 *   stand-in's own time to answer, measured inside it.
 *
 * Run: npm run bench:human-input   (BENCH_ROUNDS=40 form submissions and 15 chat messages by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamHumanInput } from '../packages/client/src/index';
import { createServer } from '../packages/server/src/index';
import { agentStep, standInProvider } from '../packages/server/src/testing/features/agent-test-kit';
import { addAction, code } from '../packages/server/src/testing/features/flow-test-kit';
import {
  buildPageFlow,
  chatTrigger,
  formTrigger,
  respondOnUi,
} from '../packages/server/src/testing/features/human-input-test-kit';
import { startOpenAIStandIn, type StandInReply } from '../packages/server/src/testing/openai-stand-in';
import { freePort } from '../packages/server/src/testing/server-process';
import { callJson, signUpBenchUser } from './http-load';
import { printTable } from './support';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 40);
const chatRounds = Math.max(5, Math.round(rounds / 3));
const standInLatencyMs = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stand-in's own answer times, in ms, one per request. */
const standInMs: number[] = [];
const standIn = await startOpenAIStandIn(async (): Promise<StandInReply> => {
  const start = performance.now();
  await sleep(standInLatencyMs);
  standInMs.push(performance.now() - start);
  return { text: 'The answer is 42.', usage: { prompt_tokens: 50, completion_tokens: 5 } };
});

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-human-input-'));
const port = await freePort();
const origin = `http://127.0.0.1:${String(port)}`;
const server = await createServer({
  env: {
    AP_CONFIG_PATH: dataDir,
    AP_LOG_LEVEL: 'warn',
    AP_FRONTEND_URL: origin,
    AP_SSRF_ALLOW_LIST: '127.0.0.1',
    AP_HUMAN_INPUT_RATE_LIMIT_MAX: '1000000',
  },
  webApp: false,
});
await server.listen({ port, host: '127.0.0.1' });
const user = await signUpBenchUser(origin);
await callJson(origin, 'POST', '/v1/ai-providers', user.token, standInProvider(standIn));
const api = { apiUrl: `${origin}/api` };

const formFlow = await buildPageFlow(
  api,
  user.token,
  user.projectId,
  formTrigger([{ displayName: 'Name', type: 'text', required: true }]),
  [
    addAction(
      code('step_1', 'return { greeting: "Hello " + inputs.name };', { name: "{{trigger['output'].name}}" }),
    ),
    addAction(
      code('step_2', 'return inputs.greeting + "!";', { greeting: "{{step_1['output'].greeting}}" }),
      'step_1',
    ),
    addAction(respondOnUi('step_3', "{{step_2['output']}}"), 'step_2'),
  ],
);
const chatFlow = await buildPageFlow(api, user.token, user.projectId, chatTrigger(), [
  addAction(agentStep({ prompt: "{{trigger['output'].message}}", structuredOutput: [] })),
  addAction(respondOnUi('step_2', "{{step_1['output'].structuredOutput}}"), 'step_1'),
]);

/** Milliseconds from the submission's POST to the first event `until` accepts. */
async function timeTo(
  kind: 'form' | 'chat',
  flowId: string,
  body: Record<string, unknown>,
  until: (type: string) => boolean,
): Promise<number> {
  const start = performance.now();
  let took = Number.NaN;
  for await (const event of streamHumanInput({ baseUrl: origin }, { kind, flowId, body })) {
    if (Number.isNaN(took) && until(event.type)) took = performance.now() - start;
    if (event.type === 'failed') throw new Error(`the submission failed: ${JSON.stringify(event)}`);
  }
  return took;
}

async function syncWebhookMs(flowId: string, body: Record<string, unknown>): Promise<number> {
  const start = performance.now();
  const answer = await fetch(`${origin}/api/v1/webhooks/${flowId}/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`the sync webhook answered ${String(answer.status)}`);
  return performance.now() - start;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

// Warm-up: code bundles, the forms piece, the agent's provider.
await timeTo('form', formFlow, { name: 'warm' }, (type) => type === 'answer');
await syncWebhookMs(formFlow, { name: 'warm' });
await timeTo('chat', chatFlow, { chatId: 'warm', message: 'Hi' }, (type) => type === 'turn');
standInMs.length = 0;

const submissionMs: number[] = [];
const webhookMs: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  submissionMs.push(
    await timeTo('form', formFlow, { name: `n${String(round)}` }, (type) => type === 'answer'),
  );
  webhookMs.push(await syncWebhookMs(formFlow, { name: `n${String(round)}` }));
}
const firstTurnMs: number[] = [];
for (let round = 0; round < chatRounds; round += 1) {
  firstTurnMs.push(
    await timeTo(
      'chat',
      chatFlow,
      { chatId: `c${String(round)}`, message: 'What is 6 times 7?' },
      (type) => type === 'turn',
    ),
  );
}

const row = (name: string, values: number[], baselineName: string, baseline: number[]) => [
  name,
  String(values.length),
  percentile(values, 50).toFixed(1),
  percentile(values, 95).toFixed(1),
  baselineName,
  percentile(baseline, 50).toFixed(1),
  percentile(baseline, 95).toFixed(1),
  (percentile(values, 50) - percentile(baseline, 50)).toFixed(1),
];
printTable(
  ['case', 'n', 'p50 ms', 'p95 ms', 'baseline', 'p50 ms', 'p95 ms', 'p50 over baseline'],
  [
    row('form: POST -> answer', submissionMs, '/sync webhook', webhookMs),
    row('chat: POST -> first turn', firstTurnMs, 'stand-in answer', standInMs),
  ],
);

await server.close();
await standIn.close();
rmSync(dataDir, { recursive: true, force: true });
