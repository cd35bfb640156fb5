/**
 * Workers and the app must run the same release: a worker of another release joins the cluster,
 * takes no job, says which releases differ (in its log and in the app's health), while the
 * worker of the right release runs everything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type PieceworkServer } from '../../create-server';
import { createLogger } from '../../infrastructure/logging/create-logger';
import {
  buildFlow,
  callWebhook,
  chainOf,
  jsonBody,
  returnResponse,
} from '../../testing/features/webhook-run-test-kit';
import { startScaleOutCluster, type ScaleOutCluster } from '../../testing/scale-out-cluster';
import { signUpTestUser } from '../../testing/test-users';

let cluster: ScaleOutCluster | undefined;
let stranger: PieceworkServer | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'piecework-stranger-'));
afterAll(async () => {
  await stranger?.close();
  await cluster?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker of another release', () => {
  it('is refused jobs, with both releases named, while the right worker runs them', async () => {
    cluster = await startScaleOutCluster({ workers: 1 });
    const logs: string[] = [];
    stranger = await createServer({
      env: { ...cluster.env, AP_CONTAINER_TYPE: 'WORKER', AP_CONFIG_PATH: dataDir },
      release: '99.0.0',
      logger: createLogger({
        level: 'info',
        sampleRateInfo: 100,
        destination: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logs.push(chunk.toString());
            done();
          },
        }),
      }),
    });
    await stranger.listen({ port: 0, host: '127.0.0.1' });

    const refusal = (worker: { release: string }) => worker.release === '99.0.0';
    const health = await cluster.health((answer) => (answer.workers ?? []).some(refusal));
    const refused = health.workers?.find(refusal);
    expect(refused).toMatchObject({
      acceptsJobs: false,
      refusal: `this worker runs release 99.0.0 but the app runs release ${health.release!}; workers and the app must run the same release`,
    });
    expect(logs.join('')).toContain(
      'This worker takes no jobs: this worker runs release 99.0.0 but the app runs release',
    );

    const user = await signUpTestUser(cluster);
    const flow = await buildFlow(
      cluster,
      user.token,
      user.projectId!,
      chainOf(returnResponse('step_1', { status: 200, body: { ok: true } })),
    );
    for (let i = 0; i < 6; i++) {
      expect((await callWebhook(cluster, flow.flowId, '/sync', jsonBody({}))).status).toBe(200);
    }
    expect(stranger.context.runs.executedCount()).toBe(0);
  }, 60_000);
});
