import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import type { ServerSettings } from '../../infrastructure/config/server-settings';
import type { DataStore } from '../../infrastructure/storage/data-store';
import { openStore } from '../../infrastructure/storage/open-store';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testsRunOnCluster } from '../../testing/test-store';
import { signUpTestUser } from '../../testing/test-users';
import { flowsApi } from '../../testing/features/flow-test-kit';
import {
  runIdsOf,
  runsOf,
  scheduleOf,
  scheduleTrigger,
  setNextRunAt,
} from '../../testing/features/schedule-test-kit';
import { timestampOf } from '../../infrastructure/storage/timestamp';

const publish: FlowOperation = { type: 'LOCK_AND_PUBLISH', request: {} };
const LONG_AGO = '2020-01-01T00:00:00.000Z';
const EVERY_5_MINUTES = { cron_expression: '*/5 * * * *', timezone: 'UTC' };

/** A user's flows API on `server` and an enabled flow firing every 5 minutes. */
async function enabledScheduledFlow(server: TestServer): Promise<PopulatedFlow> {
  const user = await signUpTestUser(server);
  const api = flowsApi(server, user.token);
  const flow = await api.createFlow(user.projectId!);
  return api.apply(
    flow.id,
    { type: 'UPDATE_TRIGGER', request: scheduleTrigger('every_x_minutes', { minutes: 5 }) },
    publish,
  );
}

describe('the scheduler of a running server', () => {
  let server: TestServer;
  // Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  // Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
  afterAll(() => server.close(), 60_000);

  it('runs a due schedule once, with the payload of the trigger, and advances it past now', async () => {
    const flow = await enabledScheduledFlow(server);
    await setNextRunAt(server, flow.id, LONG_AGO);
    await expect.poll(() => runsOf(server, flow.id)).toHaveLength(1);
    expect(await runsOf(server, flow.id)).toEqual([
      {
        triggeredBy: `SCHEDULE:${LONG_AGO}`,
        environment: 'PRODUCTION',
        flowVersionId: flow.publishedVersionId,
        triggerPayload: EVERY_5_MINUTES,
      },
    ]);
    const { runs } = server.server.context;
    const [runId] = await runIdsOf(server, flow.id);
    await expect.poll(async () => (await runs.getRun(runId!))?.status).toBe('SUCCEEDED');
    expect((await runs.getRun(runId!))?.steps).toMatchObject({ trigger: { output: EVERY_5_MINUTES } });
    await expect.poll(async () => (await scheduleOf(server, flow.id))!.nextRunAt > LONG_AGO).toBe(true);
    const { nextRunAt } = (await scheduleOf(server, flow.id))!;
    expect(Date.parse(nextRunAt)).toBeGreaterThan(Date.now());
    expect(Date.parse(nextRunAt)).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });

  it('drops, without running, a due schedule whose flow is no longer enabled', async () => {
    const flow = await enabledScheduledFlow(server);
    const { context } = server.server;
    await context.store.write(async (trx) => {
      await trx.updateTable('flow').set({ status: 'DISABLED' }).where('id', '=', flow.id).execute();
      await trx.updateTable('schedule').set({ nextRunAt: LONG_AGO }).where('flowId', '=', flow.id).execute();
    });
    await expect.poll(() => scheduleOf(server, flow.id)).toBeUndefined();
    expect(await runsOf(server, flow.id)).toEqual([]);
  });
});

describe('restarts', () => {
  let dataDir: string;
  let settings: ServerSettings;
  let flow: PopulatedFlow;
  /** When the suite began: every instant the tests make overdue lies before it. */
  let suiteStartedAt: number;

  // Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
  beforeAll(async () => {
    suiteStartedAt = Date.now();
    dataDir = mkdtempSync(join(tmpdir(), 'piecework-schedules-'));
    const server = await startTestServer({}, { dataDir });
    settings = server.server.context.settings;
    flow = await enabledScheduledFlow(server);
    await server.close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Changes the database while no server runs. */
  async function whileStopped(change: Parameters<DataStore['write']>[0]) {
    const store = await openStore(settings);
    await store.write(change);
    await store.close();
  }

  /**
   * The runs of the instants the tests made overdue (all before the suite began). The flow runs
   * every 5 minutes, so a restart that crosses such a boundary rightly adds a run of that instant:
   * the tests count only the missed ones.
   */
  function missedRuns<R extends { triggeredBy: string | null }>(runs: readonly R[]): R[] {
    return runs.filter(
      (run) => Date.parse((run.triggeredBy ?? '').replace(/^SCHEDULE:/, '')) < suiteStartedAt,
    );
  }

  /** Starts a server on the data directory, reads the flow's runs and schedule, stops it. */
  async function restart() {
    const server = await startTestServer({}, { dataDir });
    try {
      // One process fires overdue schedules in start(), before it listens; the app of a cluster at
      // its first timed-work tick, moments after: wait until that tick has moved the schedule on.
      if (testsRunOnCluster()) {
        await expect
          .poll(async () => Date.parse((await scheduleOf(server, flow.id))!.nextRunAt) - Date.now())
          .toBeGreaterThan(0);
      }
      return { runs: await runsOf(server, flow.id), schedule: await scheduleOf(server, flow.id) };
    } finally {
      await server.close();
    }
  }

  it('runs a schedule that came due while the server was down once at start, not once per missed instant', async () => {
    await whileStopped((trx) =>
      trx.updateTable('schedule').set({ nextRunAt: LONG_AGO }).where('flowId', '=', flow.id).execute(),
    );
    const restartedAt = Date.now();
    const first = await restart();
    expect(first.runs.map((run) => run.triggeredBy)).toEqual([`SCHEDULE:${LONG_AGO}`]);
    expect(Date.parse(first.schedule!.nextRunAt)).toBeGreaterThan(restartedAt);
    const second = await restart();
    expect(missedRuns(second.runs)).toHaveLength(1);
  });

  it('only advances a due schedule whose run was created before a crash', async () => {
    const dueAt = '2021-06-01T12:00:00.000Z';
    await whileStopped(async (trx) => {
      await trx.updateTable('schedule').set({ nextRunAt: dueAt }).where('flowId', '=', flow.id).execute();
      const [run] = await trx.selectFrom('flowRun').selectAll().where('flowId', '=', flow.id).execute();
      await trx
        .insertInto('flowRun')
        .values({
          ...run!,
          id: 'crashedScheduledRun01',
          status: 'SUCCEEDED',
          triggeredBy: `SCHEDULE:${dueAt}`,
          created: timestampOf(Date.now()),
        })
        .execute();
    });
    const { runs, schedule } = await restart();
    expect(missedRuns(runs).map((run) => run.triggeredBy)).toEqual([
      `SCHEDULE:${LONG_AGO}`,
      `SCHEDULE:${dueAt}`,
    ]);
    expect(schedule!.nextRunAt > dueAt).toBe(true);
  });
});
