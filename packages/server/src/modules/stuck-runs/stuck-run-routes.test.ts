import type { FlowRun, StuckRun, StuckRunLimits } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { chain, code, newRun, publishedFlow } from '../../testing/features/run-runtime-test-kit';
import { startTestServer, type TestServer } from '../../testing/test-server';
import {
  signUpVerifiedTestUser,
  startTestSmtpServer,
  type ReceivedEmail,
  type TestSmtpServer,
} from '../../testing/test-smtp-server';
import { addTestUser, type TestUser } from '../../testing/test-users';

const MINUTE_MS = 60_000;

let smtp: TestSmtpServer;
let server: TestServer;
let user: TestUser;
/** How far the server's clock is ahead of the system's, in ms. */
let clockAheadMs = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer(
    { ...smtp.env(), AP_FRONTEND_URL: 'https://flows.example.com/' },
    {
      timerIntervalMs: 200,
      wallClockMicros: () => (Date.now() + clockAheadMs) * 1000,
    },
  );
  user = await signUpVerifiedTestUser(server, smtp);
  // A jammed queue: the project may run no job at a time, so its runs stay QUEUED, never claimed.
  await server.server.context.store.db
    .updateTable('project')
    .set({ maxConcurrentJobs: 0 })
    .where('id', '=', user.projectId!)
    .execute();
  const receiver = await api('POST', '/v1/alerts', {
    body: { projectId: user.projectId, channel: 'EMAIL', receiver: 'ops@example.com' },
  });
  expect(receiver.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

function api<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string>; as?: TestUser } = {},
) {
  return callApi<T>(server.apiUrl, method, path, { ...options, token: (options.as ?? user).token });
}

async function queuedRun(flowName: string, queuedMinutes: number | null = null) {
  const flow = await publishedFlow(server, user, chain([code('step_1', 'return 1;')]), flowName);
  if (queuedMinutes !== null) {
    const set = await api('POST', `/v1/flows/${flow.id}/stuck-run-limits`, {
      body: { queuedMinutes, runningMinutes: null, pausedMinutes: null },
    });
    expect(set.status).toBe(200);
  }
  const created = await server.server.context.runs.createRun(newRun(flow, user));
  expect(created.run.status).toBe('QUEUED');
  return { flow, runId: created.run.id };
}

const stuckRuns = async () =>
  (await api<StuckRun[]>('GET', '/v1/stuck-runs', { query: { projectId: user.projectId! } })).body;
const aboutRun = (runId: string) => (email: ReceivedEmail) =>
  email.to.includes('ops@example.com') && email.body.includes(runId);

describe('the stuck-run watchdog', () => {
  it('reports a run over its limit once, and ends it with the reason recorded on the run', async () => {
    const late = await queuedRun('Late flow');
    const patient = await queuedRun('Patient flow', 180);
    expect(await stuckRuns()).toEqual([]);

    clockAheadMs += 90 * MINUTE_MS;
    const listed = await stuckRuns();
    expect(listed.map((run) => run.id)).toEqual([late.runId]);
    expect(listed[0]).toMatchObject({
      status: 'QUEUED',
      flowId: late.flow.id,
      limitMinutes: 60,
      limitSource: 'PLATFORM',
    });
    expect(listed[0]!.ageMinutes).toBeGreaterThanOrEqual(90);

    const alert = await smtp.waitFor(aboutRun(late.runId), 20_000);
    expect(alert.subject).toBe('[Piecework] A run of Late flow is stuck QUEUED');
    expect(alert.body).toContain(`https://flows.example.com/projects/${user.projectId!}/stuck-runs`);

    const ended = await api<FlowRun[]>('POST', '/v1/stuck-runs/end', {
      body: {
        projectId: user.projectId,
        flowRunIds: [late.runId, patient.runId],
        reason: 'The queue was jammed by a dead worker',
      },
    });
    expect(ended.status).toBe(200);
    expect(ended.body.map((run) => [run.id, run.status])).toEqual([[late.runId, 'CANCELED']]);
    const read = await api<FlowRun>('GET', `/v1/flow-runs/${late.runId}`);
    expect(read.body).toMatchObject({
      status: 'CANCELED',
      endReason: 'The queue was jammed by a dead worker',
    });
    const untouched = await api<FlowRun>('GET', `/v1/flow-runs/${patient.runId}`);
    expect(untouched.body.status).toBe('QUEUED');
    expect(untouched.body.endReason).toBeUndefined();

    const events = await api<{ data: { data: { reason: string; flowRuns: { id: string }[] } }[] }>(
      'GET',
      '/v1/audit-events',
      { query: { action: 'stuck.runs.ended' } },
    );
    expect(events.body.data.map((event) => event.data)).toEqual([
      expect.objectContaining({
        reason: 'The queue was jammed by a dead worker',
        flowRuns: [expect.objectContaining({ id: late.runId, status: 'CANCELED' })],
      }),
    ]);

    // Past the flow's own 180 minutes, the patient run is stuck too; the late one was alerted once.
    clockAheadMs += 120 * MINUTE_MS;
    await smtp.waitFor(aboutRun(patient.runId), 20_000);
    expect(smtp.messages.filter(aboutRun(late.runId))).toHaveLength(1);
    expect(await stuckRuns()).toEqual([
      expect.objectContaining({ id: patient.runId, limitMinutes: 180, limitSource: 'FLOW' }),
    ]);

    const all = await api<FlowRun[]>('POST', '/v1/stuck-runs/end', {
      body: { projectId: user.projectId, all: true, reason: 'Cleared by ops' },
    });
    expect(all.body).toEqual([expect.objectContaining({ id: patient.runId, endReason: 'Cleared by ops' })]);
    expect(await stuckRuns()).toEqual([]);
  });

  it("sets the platform's default limits and a flow's overrides, refusing bad ones with their field", async () => {
    const defaults = await api<StuckRunLimits>('GET', '/v1/stuck-run-limits');
    expect(defaults.body).toEqual({ queuedMinutes: 60, runningMinutes: 60, pausedMinutes: 43_200 });
    const limits = { queuedMinutes: 30, runningMinutes: 120, pausedMinutes: 1440 };
    const set = await api('POST', '/v1/stuck-run-limits', { body: limits });
    expect(set.body).toEqual(limits);
    expect((await api('GET', '/v1/stuck-run-limits')).body).toEqual(limits);

    const flow = await publishedFlow(server, user, chain([code('step_1', 'return 1;')]), 'Limited flow');
    const override = await api('POST', `/v1/flows/${flow.id}/stuck-run-limits`, {
      body: { queuedMinutes: 5, runningMinutes: null, pausedMinutes: null },
    });
    expect(override.body).toEqual({
      flowId: flow.id,
      overrides: { queuedMinutes: 5, runningMinutes: null, pausedMinutes: null },
      platformDefaults: limits,
      effective: { ...limits, queuedMinutes: 5 },
    });

    for (const bad of [0, -5, 1.5, 525_601]) {
      const refused = await api<{ code: string; params: Record<string, unknown> }>(
        'POST',
        '/v1/stuck-run-limits',
        { body: { ...limits, runningMinutes: bad } },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION');
      expect(JSON.stringify(refused.body.params)).toContain('runningMinutes');
    }
    const badOverride = await api<{ code: string }>('POST', `/v1/flows/${flow.id}/stuck-run-limits`, {
      body: { queuedMinutes: 'soon', runningMinutes: null, pausedMinutes: null },
    });
    expect([badOverride.status, badOverride.body.code]).toEqual([400, 'VALIDATION']);
    const noReason = await api<{ code: string }>('POST', '/v1/stuck-runs/end', {
      body: { projectId: user.projectId, all: true, reason: '  ' },
    });
    expect([noReason.status, noReason.body.code]).toEqual([400, 'VALIDATION']);
    const nothingNamed = await api<{ code: string }>('POST', '/v1/stuck-runs/end', {
      body: { projectId: user.projectId, reason: 'why' },
    });
    expect([nothingNamed.status, nothingNamed.body.code]).toEqual([400, 'VALIDATION']);
    await api('POST', '/v1/stuck-run-limits', { body: defaults.body });
  });

  it("keeps other platforms and projects away from a project's stuck runs and limits", async () => {
    const { flow, runId } = await queuedRun('Private flow');
    clockAheadMs += 90 * MINUTE_MS;
    const stranger = await signUpVerifiedTestUser(server, smtp);
    const outsider = await addTestUser(server, user.platformId, 'MEMBER');
    const query = { projectId: user.projectId! };
    const endBody = { projectId: user.projectId, flowRunIds: [runId], reason: 'not mine' };
    const limitsBody = { queuedMinutes: 1, runningMinutes: null, pausedMinutes: null };

    expect((await api('GET', '/v1/stuck-runs', { query, as: stranger })).status).toBe(404);
    expect((await api('POST', '/v1/stuck-runs/end', { body: endBody, as: stranger })).status).toBe(404);
    expect((await api('GET', `/v1/flows/${flow.id}/stuck-run-limits`, { as: stranger })).status).toBe(404);
    const foreignOverride = api('POST', `/v1/flows/${flow.id}/stuck-run-limits`, {
      body: limitsBody,
      as: stranger,
    });
    expect((await foreignOverride).status).toBe(404);

    expect((await api('GET', '/v1/stuck-runs', { query, as: outsider })).status).toBe(403);
    expect((await api('POST', '/v1/stuck-runs/end', { body: endBody, as: outsider })).status).toBe(403);
    const platformLimits = { queuedMinutes: 1, runningMinutes: 1, pausedMinutes: 1 };
    expect((await api('POST', '/v1/stuck-run-limits', { body: platformLimits, as: outsider })).status).toBe(
      403,
    );

    // The stranger's own platform kept its defaults; the run is still stuck, untouched.
    expect((await api('GET', '/v1/stuck-run-limits', { as: stranger })).body).toMatchObject({
      queuedMinutes: 60,
    });
    expect((await stuckRuns()).map((run) => run.id)).toContain(runId);
    expect((await api<FlowRun>('GET', `/v1/flow-runs/${runId}`)).body.status).toBe('QUEUED');
  });
});
