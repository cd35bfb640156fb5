import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { openStore } from '../../infrastructure/storage/open-store';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { placeFixturePiece } from '../../testing/test-pieces';
import { signUpTestUser } from '../../testing/test-users';
import { flowsApi } from '../../testing/features/flow-test-kit';
import {
  makePollDue,
  POLL_PIECE,
  pollTrigger,
  runPayloadsOf,
  startItemSource,
  storeEntriesOf,
  triggerSourceOf,
  type SourceItem,
} from '../../testing/features/trigger-test-kit';

const ENV = { AP_SSRF_ALLOW_LIST: '127.0.0.1' };
const publish: FlowOperation = { type: 'LOCK_AND_PUBLISH', request: {} };
const changeStatus = (status: 'ENABLED' | 'DISABLED'): FlowOperation => ({
  type: 'CHANGE_STATUS',
  request: { status },
});
const LONG_AGO = '2020-01-01T00:00:00.000Z';

type ItemSource = Awaited<ReturnType<typeof startItemSource>>;

/** A signed-up user's flows API and project on `server`. */
async function userOn(server: TestServer) {
  const user = await signUpTestUser(server);
  return { api: flowsApi(server, user.token), projectId: user.projectId! };
}

/** Polls `flowId` now and waits until that poll is recorded and its runs created. */
async function pollNow(server: TestServer, flowId: string): Promise<void> {
  await makePollDue(server, flowId);
  await vi.waitFor(
    async () => {
      expect((await triggerSourceOf(server, flowId))!.nextPollAt! > LONG_AGO).toBe(true);
      const pending = await server.server.context.store.db
        .selectFrom('triggerEvent')
        .select('id')
        .where('flowId', '=', flowId)
        .execute();
      expect(pending).toEqual([]);
    },
    { timeout: 10_000, interval: 50 },
  );
}

const ids = (payloads: unknown[]) => payloads.map((payload) => (payload as { id: string }).id).sort();

describe('a POLLING trigger of an npm piece using pollingHelper', () => {
  let server: TestServer;
  let source: ItemSource;
  let api: ReturnType<typeof flowsApi>;
  let projectId: string;

  // Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
  beforeAll(async () => {
    server = await startTestServer(ENV, { timerIntervalMs: 50, runs: { prestart: true } });
    await placeFixturePiece(server.server.context.settings.piecesDir, 'piece-poll', POLL_PIECE.version);
    source = await startItemSource();
    ({ api, projectId } = await userOn(server));
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await source.close();
  });

  async function enabledFlow(triggerName = 'new_item', url = source.url): Promise<PopulatedFlow> {
    const flow = await api.createFlow(projectId);
    return api.apply(flow.id, { type: 'UPDATE_TRIGGER', request: pollTrigger(url, triggerName) }, publish);
  }

  it('records the state on enabling and starts no run; then each new item is exactly one run', async () => {
    source.add('before enabling');
    const flow = await enabledFlow();
    expect(await triggerSourceOf(server, flow.id)).toMatchObject({
      strategy: 'POLLING',
      pollCron: '*/5 * * * *',
      pollTimezone: 'UTC',
      flowVersionId: flow.publishedVersionId,
    });
    expect(await storeEntriesOf(server, projectId)).toMatchObject({ [`flow_${flow.id}/lastItem`]: 'item-1' });
    expect(await runPayloadsOf(server, flow.id)).toEqual([]);

    const added = [source.add('one'), source.add('two'), source.add('three')];
    await pollNow(server, flow.id);
    const payloads = await runPayloadsOf(server, flow.id);
    expect(ids(payloads)).toEqual(added.map((item) => item.id).sort());
    expect(payloads).toEqual(expect.arrayContaining(added));

    await pollNow(server, flow.id);
    expect(await runPayloadsOf(server, flow.id)).toHaveLength(3);
  });

  it('marks each run as started by its poll and runs it like any production run', async () => {
    const flow = await enabledFlow();
    const item = source.add('ran');
    await pollNow(server, flow.id);
    const { runs } = server.server.context;
    const [row] = await server.server.context.store.db
      .selectFrom('flowRun')
      .select(['id', 'triggeredBy', 'environment'])
      .where('flowId', '=', flow.id)
      .execute();
    expect(row).toMatchObject({ triggeredBy: expect.stringMatching(/^POLLING:/), environment: 'PRODUCTION' });
    await vi.waitFor(async () => expect((await runs.getRun(row!.id))?.status).toBe('SUCCEEDED'), {
      timeout: 10_000,
    });
    expect((await runs.getRun(row!.id))?.steps).toMatchObject({ trigger: { output: item } });
  });

  it('keeps TIMEBASED state (lastPoll) and runs only items newer than it', async () => {
    source.add('old', new Date(Date.now() - 60_000).toISOString());
    const flow = await enabledFlow('new_item_by_time');
    expect(await storeEntriesOf(server, projectId)).toMatchObject({
      [`flow_${flow.id}/lastPoll`]: expect.any(Number),
    });
    const fresh = source.add('fresh', new Date(Date.now() + 1000).toISOString());
    await pollNow(server, flow.id);
    expect(await runPayloadsOf(server, flow.id)).toEqual([fresh]);
  });

  it('runs one of the items sharing a _dedupe_key, without the key', async () => {
    const flow = await enabledFlow();
    const now = new Date().toISOString();
    const [first, second] = [
      source.add('twice', now, { _dedupe_key: 'same' }),
      source.add('twice again', now, { _dedupe_key: 'same' }),
    ];
    await pollNow(server, flow.id);
    const payloads = await runPayloadsOf(server, flow.id);
    expect(payloads).toHaveLength(1);
    const { _dedupe_key: _key, ...kept } = second as SourceItem & { _dedupe_key: string };
    expect(payloads).toEqual([kept]);
    expect(first.id).not.toBe(second.id);
  });

  it("polls on the trigger's own setSchedule", async () => {
    const flow = await enabledFlow('every_two_minutes');
    expect(await triggerSourceOf(server, flow.id)).toMatchObject({
      pollCron: '*/2 * * * *',
      pollTimezone: 'UTC',
    });
  });

  it('refuses to enable when onEnable throws, with the piece message, leaving nothing behind', async () => {
    const flow = await api.createFlow(projectId);
    await api.apply(flow.id, { type: 'UPDATE_TRIGGER', request: pollTrigger(source.url, 'refusing') });
    const answer = await api.operate(flow.id, publish);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION',
      params: {
        message: expect.stringContaining('The source refused the subscription'),
        pieceName: POLL_PIECE.name,
        triggerName: 'refusing',
      },
    });
    expect((await api.get(flow.id)).body).toMatchObject({ status: 'DISABLED', publishedVersionId: null });
    expect(await triggerSourceOf(server, flow.id)).toBeUndefined();
  });

  it('logs a poll that throws on the flow and tries again at the next poll', async () => {
    const flow = await enabledFlow();
    const item = source.add('after an outage');
    source.failNext(1);
    await pollNow(server, flow.id);
    expect(await runPayloadsOf(server, flow.id)).toEqual([]);
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        flow: { id: flow.id },
        reason: expect.stringContaining('The source answered 500'),
        level: 40,
      }),
    );
    await pollNow(server, flow.id);
    expect(await runPayloadsOf(server, flow.id)).toEqual([item]);
  });

  it('stops polling at once when the flow is disabled or deleted, and starts again when enabled', async () => {
    const flow = await enabledFlow();
    const deleted = await enabledFlow();
    await api.apply(flow.id, changeStatus('DISABLED'));
    expect((await api.delete(deleted.id)).status).toBe(204);
    expect(await triggerSourceOf(server, flow.id)).toBeUndefined();
    expect(await triggerSourceOf(server, deleted.id)).toBeUndefined();
    source.add('while disabled');
    const readsBefore = source.reads();
    await server.server.context.store.write((trx) =>
      trx.updateTable('triggerSource').set({ nextPollAt: LONG_AGO }).execute(),
    );
    await expect
      .poll(() =>
        server.server.context.store.db
          .selectFrom('triggerSource')
          .select('flowId')
          .where('nextPollAt', '=', LONG_AGO)
          .execute(),
      )
      .toEqual([]);
    expect(await runPayloadsOf(server, flow.id)).toEqual([]);

    await api.apply(flow.id, changeStatus('ENABLED'));
    expect(source.reads()).toBeGreaterThan(readsBefore);
    const added = source.add('after enabling again');
    await pollNow(server, flow.id);
    expect(await runPayloadsOf(server, flow.id)).toEqual([added]);
  });
});

describe('restarts between polls', () => {
  let dataDir: string;
  let source: ItemSource;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'piecework-polling-'));
    source = await startItemSource();
  });
  afterAll(async () => {
    await source.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = () => startTestServer(ENV, { dataDir, timerIntervalMs: 50 });

  it('miss no item and repeat none: enable, add 3 items over a restart, exactly 3 runs', async () => {
    let server = await start();
    await placeFixturePiece(server.server.context.settings.piecesDir, 'piece-poll', POLL_PIECE.version);
    const { api, projectId } = await userOn(server);
    const created = await api.createFlow(projectId);
    const flow = await api.apply(
      created.id,
      { type: 'UPDATE_TRIGGER', request: pollTrigger(source.url) },
      publish,
    );
    expect(await runPayloadsOf(server, flow.id)).toEqual([]);

    const first = source.add('first');
    await pollNow(server, flow.id);
    expect(await runPayloadsOf(server, flow.id)).toEqual([first]);
    await server.close();

    const later = [source.add('second'), source.add('third')];
    // While the server is down, as a crash would leave it: an item polled but not yet run (in
    // the outbox), and one whose run was created just before the crash (still in the outbox).
    const flowRow = { flowId: flow.id, projectId, flowVersionId: flow.publishedVersionId! };
    const store = await openStore(server.server.context.settings);
    await store.write(async (trx) => {
      const [run] = await trx.selectFrom('flowRun').selectAll().where('flowId', '=', flow.id).execute();
      await trx
        .insertInto('triggerEvent')
        .values([
          { id: 'pendingEvent000000001', ...flowRow, payload: '{"id":"pending"}', created: LONG_AGO },
          { id: 'ranEvent0000000000001', ...flowRow, payload: '{"id":"ran"}', created: LONG_AGO },
        ])
        .execute();
      await trx
        .insertInto('flowRun')
        .values({
          ...run!,
          id: 'ranBeforeTheCrash0001',
          triggeredBy: 'POLLING:ranEvent0000000000001',
          triggerPayload: '{"id":"ran"}',
        })
        .execute();
    });
    await store.close();

    server = await start();
    await pollNow(server, flow.id);
    const polled = [first, ...later].map((item) => item.id);
    expect(ids(await runPayloadsOf(server, flow.id))).toEqual(['pending', 'ran', ...polled].sort());
    await pollNow(server, flow.id);
    expect(await runPayloadsOf(server, flow.id)).toHaveLength(5);
    await server.close();
  });
});
