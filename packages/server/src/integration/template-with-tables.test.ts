/**
 * A template carrying a table, used in a project and run for real: its first flow writes the
 * webhook's sign-up into the table through the tables piece, and the table trigger of its
 * second flow fires once for that row. Used twice in one project, the second copy's flows are
 * rewired to the second table, so each copy writes to and listens on its own table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Table, UseTemplateResponse } from '@piecework/shared';
import { flowsApi } from '../testing/features/flow-test-kit';
import { tableDefinitionOf } from '../modules/tables/table-definitions';
import { SIGNUPS_TO_TABLE } from '../modules/templates/official/signups-to-table';
import { callWebhook, jsonBody, runRowsOf, waitForRun } from '../testing/features/webhook-run-test-kit';
import { callApi } from '../testing/call-api';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

let server: TestServer;
let user: TestUser;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer({}, { runs: { workerThreads: 1 } });
  user = await signUpTestUser(server);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

/** Uses the sign-ups template in `projectId` and publishes (so enables) both its flows. */
async function useAndPublish(projectId: string): Promise<UseTemplateResponse> {
  const answer = await callApi<UseTemplateResponse>(
    server.apiUrl,
    'POST',
    `/v1/templates/${SIGNUPS_TO_TABLE.id}/use`,
    { token: user.token, body: { projectId } },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const api = flowsApi(server, user.token);
  for (const flow of answer.body.flows) {
    expect(flow.version.valid, flow.version.displayName).toBe(true);
    await api.apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  }
  return answer.body;
}

/** The table's rows as {field externalId: value}. */
async function rowsOf(table: Table): Promise<Record<string, unknown>[]> {
  const definition = await tableDefinitionOf(server.server.context, table.id, { withData: true });
  return (definition.data?.rows ?? []).map((row) =>
    Object.fromEntries(row.map((cell) => [cell.fieldId, cell.value])),
  );
}

/** Waits until flow `flowId` has `count` runs, all finished; answers them oldest first. */
async function finishedRuns(flowId: string, count: number) {
  await expect.poll(async () => (await runRowsOf(server, flowId)).length).toBe(count);
  const rows = await runRowsOf(server, flowId);
  return Promise.all(rows.map((row) => waitForRun(server, user.token, row.id)));
}

async function signUp(flowId: string, person: { name: string; email: string; plan: string }) {
  const answer = await callWebhook(server, flowId, '', jsonBody(person));
  expect(answer.status).toBe(200);
  const [run] = await finishedRuns(flowId, 1);
  expect(run!.status, JSON.stringify(run!.steps)).toBe('SUCCEEDED');
}

describe('a template with a table, used in a fresh project', () => {
  it('writes to its table through the tables piece, and the table trigger fires its other flow', async () => {
    const project = await callApi<{ id: string }>(server.apiUrl, 'POST', '/v1/projects', {
      token: user.token,
      body: { displayName: 'Sign-ups' },
    });
    const first = await useAndPublish(project.body.id);
    const second = await useAndPublish(project.body.id);
    const [firstStore, firstGreet] = first.flows;
    const [secondStore, secondGreet] = second.flows;
    expect(second.tables[0]!.externalId).not.toBe(first.tables[0]!.externalId);

    await signUp(firstStore!.id, { name: 'Grace', email: 'grace@example.com', plan: 'pro' });
    await signUp(secondStore!.id, { name: 'Linus', email: 'linus@example.com', plan: 'free' });

    expect(await rowsOf(first.tables[0]!)).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro' },
      { name: 'Alan Turing', email: 'alan@example.com', plan: 'free' },
      { name: 'Grace', email: 'grace@example.com', plan: 'pro' },
    ]);
    expect((await rowsOf(second.tables[0]!)).map((row) => row['name'])).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Linus',
    ]);
    // The rows the template brought were there before the trigger was enabled: one run each.
    const [greetedFirst] = await finishedRuns(firstGreet!.id, 1);
    const [greetedSecond] = await finishedRuns(secondGreet!.id, 1);
    expect(greetedFirst!.steps?.['step_1']?.output).toEqual({ greeting: 'Welcome, Grace!' });
    expect(greetedSecond!.steps?.['step_1']?.output).toEqual({ greeting: 'Welcome, Linus!' });
  });
});
