import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, code, newRun, publishedFlow, waitForRun } from '../../testing/features/run-runtime-test-kit';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import {
  signUpVerifiedTestUser,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../testing/test-smtp-server';
import type { TestUser } from '../../testing/test-users';

let smtp: TestSmtpServer;
let server: TestServer;
let user: TestUser;
// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ ...smtp.env(), AP_FRONTEND_URL: 'https://flows.example.com/' });
  user = await signUpVerifiedTestUser(server, smtp);
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const runs = () => server.server.context.runs;

function addReceiver(receiver: string, as: TestUser = user, projectId = user.projectId!) {
  return callApi<Record<string, unknown>>(server.apiUrl, 'POST', '/v1/alerts', {
    token: as.token,
    body: { projectId, channel: 'EMAIL', receiver },
  });
}

function failingFlow(name: string) {
  return publishedFlow(
    server,
    user,
    chain([code('step_1', 'return 1;'), code('step_2', 'throw new Error("<nope>");')]),
    name,
  );
}

describe('alert receivers', () => {
  it('adds, lists and removes a project alert receiver', async () => {
    const created = await addReceiver('Ops@Example.com');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      projectId: user.projectId,
      channel: 'EMAIL',
      receiver: 'ops@example.com',
    });
    const again = await addReceiver('ops@example.com');
    expect(again.body['id']).toBe(created.body['id']);

    const list = await callApi<{ data: { id: string }[] }>(server.apiUrl, 'GET', '/v1/alerts', {
      token: user.token,
      query: { projectId: user.projectId! },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((alert) => alert.id)).toContain(created.body['id']);

    const removed = await callApi(server.apiUrl, 'DELETE', `/v1/alerts/${created.body['id'] as string}`, {
      token: user.token,
    });
    expect(removed.status).toBe(204);
    const after = await callApi<{ data: unknown[] }>(server.apiUrl, 'GET', '/v1/alerts', {
      token: user.token,
      query: { projectId: user.projectId! },
    });
    expect(after.body.data).toEqual([]);
  });

  it("keeps another platform's users away from a project's receivers", async () => {
    const created = await addReceiver('private@example.com');
    const stranger = await signUpVerifiedTestUser(server, smtp);
    expect((await addReceiver('x@example.com', stranger)).status).toBe(404);
    const list = await callApi(server.apiUrl, 'GET', '/v1/alerts', {
      token: stranger.token,
      query: { projectId: user.projectId! },
    });
    expect(list.status).toBe(404);
    const removed = await callApi(server.apiUrl, 'DELETE', `/v1/alerts/${created.body['id'] as string}`, {
      token: stranger.token,
    });
    expect(removed.status).toBe(404);
    await callApi(server.apiUrl, 'DELETE', `/v1/alerts/${created.body['id'] as string}`, {
      token: user.token,
    });
  });

  it('refuses a receiver that is not an email address', async () => {
    const answer = await addReceiver('not an address');
    expect(answer.status).toBe(400);
  });
});

describe('run-failure alerts', () => {
  it('emails the receivers when a production run fails, and not for a test run', async () => {
    await addReceiver('oncall@example.com');
    const flow = await failingFlow('Nightly <sync>');

    const test = await runs().createRun(newRun(flow, user, { environment: 'TESTING' }));
    expect((await waitForRun(server, test.run.id, undefined, 45_000)).status).toBe('FAILED');
    const production = await runs().createRun(newRun(flow, user));
    expect((await waitForRun(server, production.run.id)).status).toBe('FAILED');

    const message = await smtp.waitFor(
      (m) => m.to.includes('oncall@example.com') && m.body.includes(production.run.id),
    );
    expect(message.subject).toBe('[Piecework] Nightly <sync> failed');
    expect(message.body).toContain(`Run: ${production.run.id}`);
    expect(message.body).toContain('Failed step: Code step_2 (step_2)');
    expect(message.body).toContain('Error: <nope>');
    expect(message.body).toContain('Nightly &lt;sync&gt;');
    expect(message.body).toContain(
      `https://flows.example.com/projects/${user.projectId!}/runs/${production.run.id}`,
    );
    // The test run failed first; its alert, were there one, would have been sent by now.
    expect(smtp.messages.filter((m) => m.body.includes(test.run.id))).toEqual([]);
  }, 60_000);

  it('sends nothing for a run that succeeds', async () => {
    await addReceiver('quiet@example.com');
    const flow = await publishedFlow(server, user, chain([code('step_1', 'return 1;')]), 'Fine flow');
    const { run } = await runs().createRun(newRun(flow, user));
    expect((await waitForRun(server, run.id)).status).toBe('SUCCEEDED');
    // A run that fails after it: once its alert came, one for the first run would have too.
    const failing = await runs().createRun(newRun(await failingFlow('Later flow'), user));
    expect((await waitForRun(server, failing.run.id)).status).toBe('FAILED');
    await smtp.waitFor((m) => m.to.includes('quiet@example.com') && m.body.includes(failing.run.id));
    expect(smtp.messages.filter((m) => m.body.includes(run.id))).toEqual([]);
  }, 60_000);

  it('ends the run as usual when the SMTP server refuses the alert', async () => {
    await addReceiver('refused@example.com');
    const flow = await failingFlow('Refused flow');
    smtp.failing(true);
    try {
      const { run } = await runs().createRun(newRun(flow, user));
      const done = await waitForRun(server, run.id);
      expect(done).toMatchObject({ status: 'FAILED', failedStep: { name: 'step_2' } });
      const deadline = Date.now() + 10_000;
      while (
        !server.logs.some(
          (line) => line['msg'] === 'Could not email a run-failure alert' && line['runId'] === run.id,
        )
      ) {
        if (Date.now() > deadline) throw new Error('no log of the refused alert');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      smtp.failing(false);
    }
    // The server goes on running flows and answering.
    const again = await runs().createRun(newRun(flow, user));
    expect((await waitForRun(server, again.run.id)).status).toBe('FAILED');
    await smtp.waitFor((m) => m.to.includes('refused@example.com') && m.body.includes(again.run.id));
  }, 60_000);
});
