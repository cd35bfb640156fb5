/**
 * bench/polling: poll-to-run latency of a POLLING trigger on the real server (SQLite, durable
 * timers, the npm fixture piece `@fixtures/piece-poll` on pieces-common's pollingHelper in a
 * warm piece process, reading a loopback source). Each round adds one item and makes the poll
 * due 1.5 s later (past the timer's longest wait, so the timer is armed on that instant); it measures from the poll's due instant to the run row committed (poll
 * call, the transaction that records the item, run creation) and to the run SUCCEEDED.
 *
 * Run: npm run bench:polling   (BENCH_ROUNDS=20 by default; BENCH_VERBOSE=1 prints every round)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  POLL_PIECE,
  pollTrigger,
  startItemSource,
} from '../packages/server/src/testing/features/trigger-test-kit';
import { flowsApi } from '../packages/server/src/testing/features/flow-test-kit';
import { startTestServer } from '../packages/server/src/testing/test-server';
import { placeFixturePiece } from '../packages/server/src/testing/test-pieces';
import { signUpTestUser } from '../packages/server/src/testing/test-users';
import { printTable } from './support';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 20);
/** Past the timer's longest wait (1 s), so that it has armed on the poll's due instant. */
const LEAD_MS = 1500;

const server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' }, { runs: { prestart: true } });
const source = await startItemSource();
try {
  await placeFixturePiece(server.server.context.settings.piecesDir, 'piece-poll', POLL_PIECE.version);
  const user = await signUpTestUser(server);
  const api = flowsApi(server, user.token);
  const created = await api.createFlow(user.projectId!);
  const flow = await api.apply(
    created.id,
    { type: 'UPDATE_TRIGGER', request: pollTrigger(source.url) },
    { type: 'LOCK_AND_PUBLISH', request: {} },
  );
  const { store, runs } = server.server.context;
  const toRun: number[] = [];
  const toSucceeded: number[] = [];
  for (let round = 0; round < rounds + 2; round++) {
    source.add(`item ${String(round)}`);
    // Due a moment from now: the timer, re-armed on the earliest due poll, fires at that instant.
    const dueAt = Date.now() + LEAD_MS;
    await store.write((trx) =>
      trx
        .updateTable('triggerSource')
        .set({ nextPollAt: new Date(dueAt).toISOString() })
        .where('flowId', '=', flow.id)
        .execute(),
    );
    let run: { id: string; created: string } | undefined;
    while (run === undefined) {
      await sleep(5);
      run = await store.db
        .selectFrom('flowRun')
        .select(['id', 'created'])
        .where('flowId', '=', flow.id)
        .where('triggerPayload', 'like', `%"item ${String(round)}"%`)
        .executeTakeFirst();
    }
    let finished = await runs.getRun(run.id);
    while (finished?.status !== 'SUCCEEDED') {
      await sleep(5);
      finished = await runs.getRun(run.id);
    }
    if (round < 2) continue; // warm-up: the piece process and an engine thread start
    toRun.push(Date.parse(run.created) - dueAt);
    if (process.env['BENCH_VERBOSE']) console.log(round, Date.parse(run.created) - dueAt);
    toSucceeded.push(Date.parse(finished.finishTime!) - dueAt);
  }
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  };
  printTable(
    ['poll due -> ', 'p50', 'p95', 'max', 'rounds'],
    [
      ['run created', ...[50, 95, 100].map((p) => `${pct(toRun, p).toFixed(0)} ms`), String(toRun.length)],
      [
        'run SUCCEEDED',
        ...[50, 95, 100].map((p) => `${pct(toSucceeded, p).toFixed(0)} ms`),
        String(toSucceeded.length),
      ],
    ],
  );
} finally {
  await source.close();
  await server.close();
}
