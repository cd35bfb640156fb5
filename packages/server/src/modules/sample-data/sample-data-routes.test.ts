/** The builder's sample data: `GET /v1/sample-data` reads what a step has stored. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import type { FlowOperation, GetSampleDataQuery, PopulatedFlow, StepRequest } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { addAction, code, flowsApi, webhookTrigger } from '../flows/flow-test-kit';

let server: TestServer;
let user: TestUser;
let client: PieceworkClient;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  client = createPieceworkClient({ baseUrl: server.url, token: user.token });
});
afterAll(() => server.close());

/** A draft with a webhook trigger and `steps` one after the other. */
async function draftWith(...steps: StepRequest[]): Promise<PopulatedFlow> {
  const flow = await flowsApi(server, user.token).createFlow(user.projectId!);
  return flowsApi(server, user.token).apply(
    flow.id,
    { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
    ...steps.map((step, index) => addAction(step, index === 0 ? 'trigger' : steps[index - 1]!.name)),
  );
}

const save = (stepName: string, type: 'INPUT' | 'OUTPUT', payload: unknown): FlowOperation => ({
  type: 'SAVE_SAMPLE_DATA',
  request: { stepName, type, payload },
});

function sampleOf(flow: PopulatedFlow, stepName: string, type: GetSampleDataQuery['type']) {
  return client.sampleData.get({
    projectId: flow.projectId,
    flowId: flow.id,
    flowVersionId: flow.version.id,
    stepName,
    type,
  });
}

describe('GET /v1/sample-data', () => {
  it('answers the stored value as JSON (objects, arrays, bare strings), and {} when none is stored', async () => {
    const flow = await draftWith(code('step_1', 'return 1;'), code('step_2', 'return 2;'));
    const saved = await client.flows.update(flow.id, save('step_1', 'OUTPUT', { rows: [{ id: 1 }] }));
    await client.flows.update(flow.id, save('step_1', 'INPUT', 'just text'));
    await client.flows.update(flow.id, save('trigger', 'OUTPUT', [1, 2]));
    expect(await sampleOf(saved, 'step_1', 'OUTPUT')).toEqual({ rows: [{ id: 1 }] });
    expect(await sampleOf(saved, 'step_1', 'INPUT')).toBe('just text');
    expect(await sampleOf(saved, 'trigger', 'OUTPUT')).toEqual([1, 2]);
    expect(await sampleOf(saved, 'step_2', 'OUTPUT')).toEqual({});
    expect(await sampleOf(saved, 'trigger', 'INPUT')).toEqual({});
  });

  it.each<[string, (other: PopulatedFlow) => Record<string, string>, number, string, string | undefined]>([
    ['a flow that is not there', () => ({ flowId: 'a'.repeat(21) }), 404, 'ENTITY_NOT_FOUND', 'flow'],
    [
      'a version of another flow',
      (other) => ({ flowVersionId: other.version.id }),
      404,
      'ENTITY_NOT_FOUND',
      'flowVersion',
    ],
    ['a step that is not there', () => ({ stepName: 'step_9' }), 404, 'ENTITY_NOT_FOUND', 'step'],
    ['a type other than INPUT and OUTPUT', () => ({ type: 'LOGS' }), 400, 'VALIDATION', undefined],
  ])('refuses %s', async (_, change, status, errorCode, entityType) => {
    const flow = await draftWith(code('step_1', 'return 1;'));
    const query = {
      projectId: flow.projectId,
      flowId: flow.id,
      flowVersionId: flow.version.id,
      stepName: 'step_1',
      type: 'OUTPUT',
      ...change(await draftWith()),
    };
    const answer = await callApi(server.apiUrl, 'GET', '/v1/sample-data', { token: user.token, query });
    expect(answer).toMatchObject({
      status,
      body: { code: errorCode, params: entityType ? { entityType } : {} },
    });
  });
});
