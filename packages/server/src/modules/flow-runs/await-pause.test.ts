/**
 * A resume that arrives while its run is still QUEUED or RUNNING waits for the run to pause (or
 * end), as the run machinery announces it, instead of answering 404 at once; it gives up after
 * its wait. On a real server and database; the run's moves are written and announced by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import { flowRunFromRow } from '../../execution/run-rows';
import { flowRunRow } from '../../infrastructure/storage/test-database';
import { buildFlow } from '../../testing/features/webhook-run-test-kit';
import { runOncePausedOrEnded } from './await-pause';

let server: TestServer;
let user: TestUser;
let flow: { flowId: string; versionId: string };
beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  flow = await buildFlow(server, user.token, user.projectId!, [], false);
});
afterAll(() => server.close());

let counter = 0;
async function runningRun(status = 'RUNNING'): Promise<FlowRunRow> {
  counter += 1;
  const at = new Date().toISOString();
  const row = flowRunRow({
    id: `awaitPauseRun${String(counter).padStart(8, '0')}`,
    projectId: user.projectId!,
    platformId: user.platformId,
    flowId: flow.flowId,
    flowVersionId: flow.versionId,
    flowDisplayName: 'Webhook flow',
    status,
    created: at,
  });
  await server.server.context.store.db.insertInto('flowRun').values(row).execute();
  return row;
}

describe('a resume before the pause', () => {
  it.each(['RUNNING', 'QUEUED'])('waits for a %s run to pause and reads it then', async (status) => {
    const { context } = server.server;
    const run = await runningRun(status);
    const settled = runOncePausedOrEnded(context, run.id, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await context.store.db
      .updateTable('flowRun')
      .set({ status: 'PAUSED' })
      .where('id', '=', run.id)
      .execute();
    context.runs.events.emit('run.paused', flowRunFromRow({ ...run, status: 'PAUSED' }));
    expect((await settled)?.status).toBe('PAUSED');
  });

  it('answers a run that is not running at once, and no run as undefined', async () => {
    const { context } = server.server;
    const paused = await runningRun('PAUSED');
    expect((await runOncePausedOrEnded(context, paused.id, 60_000))?.status).toBe('PAUSED');
    expect(await runOncePausedOrEnded(context, 'noSuchRun000000000000', 60_000)).toBeUndefined();
  });

  it('gives up after its wait with the run as it is', async () => {
    const { events } = server.server.context.runs;
    const listeners = events.listenerCount('run.paused') + events.listenerCount('run.finished');
    const run = await runningRun();
    expect((await runOncePausedOrEnded(server.server.context, run.id, 30))?.status).toBe('RUNNING');
    expect(events.listenerCount('run.paused') + events.listenerCount('run.finished')).toBe(listeners);
  });
});
