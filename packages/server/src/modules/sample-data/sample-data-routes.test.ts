/**
 * The builder's sample data: `GET /v1/sample-data` reads what a step has stored, and
 * `POST /v1/sample-data/test-step` runs one step alone and stores its output and input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import type {
  FlowOperation,
  FlowRun,
  GetSampleDataQuery,
  PopulatedFlow,
  StepRequest,
} from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { addAction, code, flowEvents, flowsApi, webhookTrigger } from '../../testing/features/flow-test-kit';
import { waitForRun } from '../../testing/features/webhook-run-test-kit';

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

/** Tests `stepName` of the flow's version and answers the run as it ended. */
async function testStep(
  flow: PopulatedFlow,
  stepName: string,
): Promise<{ started: FlowRun; ended: FlowRun }> {
  const started = await client.sampleData.testStep({
    projectId: flow.projectId,
    flowVersionId: flow.version.id,
    stepName,
  });
  return { started, ended: await waitForRun(server, user.token, started.id) };
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

describe('POST /v1/sample-data/test-step', () => {
  it("runs the step alone in a TESTING run and stores its output and input as the step's sample data", async () => {
    const flow = await draftWith(
      code('step_1', 'return { greeting: `hi ${inputs.name}` };', { name: 'Ada' }),
    );
    const { started, ended } = await testStep(flow, 'step_1');
    expect(started).toMatchObject({
      environment: 'TESTING',
      flowVersionId: flow.version.id,
      stepNameToTest: 'step_1',
      triggeredBy: user.userId,
    });
    expect(ended).toMatchObject({
      status: 'SUCCEEDED',
      steps: { step_1: { output: { greeting: 'hi Ada' } } },
    });
    // As soon as the run is seen ended, its sample data is there (they commit together).
    expect(await sampleOf(flow, 'step_1', 'OUTPUT')).toEqual({ greeting: 'hi Ada' });
    expect(await sampleOf(flow, 'step_1', 'INPUT')).toEqual({ name: 'Ada' });
    const production = await client.flowRuns.list({ projectId: flow.projectId, flowId: flow.id });
    expect(production.data).toEqual([]);
    // Saved as SAVE_SAMPLE_DATA saves it: audited as flow.updated by the user who tested.
    const saves = await flowEvents(server, user.platformId, flow.id, 'flow.updated');
    expect(saves.slice(-2).map((event) => [event.userId, event.data.request])).toEqual([
      [user.userId, save('step_1', 'OUTPUT', { greeting: 'hi Ada' })],
      [user.userId, save('step_1', 'INPUT', { name: 'Ada' })],
    ]);
  });

  it("gives the tested step the other steps' stored sample outputs, without running them", async () => {
    const flow = await draftWith(
      code('step_1', 'throw new Error("step_1 must not run");'),
      code('step_2', 'return inputs.value * 2;', { value: "{{step_1['output'].value}}" }),
    );
    await client.flows.update(flow.id, save('step_1', 'OUTPUT', { value: 21 }));
    const { ended } = await testStep(flow, 'step_2');
    expect(ended.status).toBe('SUCCEEDED');
    expect(Object.keys(ended.steps!)).toEqual(['step_2']);
    expect(await sampleOf(flow, 'step_2', 'OUTPUT')).toBe(42);
    expect(await sampleOf(flow, 'step_2', 'INPUT')).toEqual({ value: 21 });
    expect(await sampleOf(flow, 'step_1', 'OUTPUT')).toEqual({ value: 21 });
  });

  it('stores the error of a step that fails, for the test panel to show', async () => {
    const flow = await draftWith(code('step_1', 'throw new Error("the API said no");', { id: 7 }));
    const { ended } = await testStep(flow, 'step_1');
    expect(ended.status).toBe('FAILED');
    expect(await sampleOf(flow, 'step_1', 'OUTPUT')).toEqual(expect.stringContaining('the API said no'));
    expect(await sampleOf(flow, 'step_1', 'INPUT')).toEqual({ id: 7 });
  });

  it('stores a test of the published version on a new draft, as SAVE_SAMPLE_DATA does', async () => {
    const draft = await draftWith(code('step_1', 'return "fresh";'));
    const published = await client.flows.update(draft.id, { type: 'LOCK_AND_PUBLISH', request: {} });
    await testStep(published, 'step_1');
    const latest = await client.flows.get(draft.id);
    expect(latest.version).toMatchObject({ state: 'DRAFT' });
    expect(latest.version.id).not.toBe(published.version.id);
    expect(latest.version.updated > published.version.updated).toBe(true);
    expect(await sampleOf(latest, 'step_1', 'OUTPUT')).toBe('fresh');
    expect(await sampleOf(published, 'step_1', 'OUTPUT')).toEqual({});
  });

  it.each([
    ['the trigger (tested with POST /v1/test-trigger)', 'trigger', 400, 'VALIDATION'],
    ['a step that is not there', 'step_9', 404, 'ENTITY_NOT_FOUND'],
  ])('refuses %s and starts no run', async (_, stepName, status, errorCode) => {
    const flow = await draftWith(code('step_1', 'return 1;'));
    const answer = await callApi(server.apiUrl, 'POST', '/v1/sample-data/test-step', {
      token: user.token,
      body: { projectId: flow.projectId, flowVersionId: flow.version.id, stepName },
    });
    expect(answer).toMatchObject({ status, body: { code: errorCode } });
    const runs = await client.flowRuns.list({
      projectId: flow.projectId,
      flowId: flow.id,
      environment: 'TESTING',
    });
    expect(runs.data).toEqual([]);
  });

  it('answers 404 for a version of another project', async () => {
    const flow = await draftWith(code('step_1', 'return 1;'));
    const other = await signUpTestUser(server);
    const answer = await callApi(server.apiUrl, 'POST', '/v1/sample-data/test-step', {
      token: other.token,
      body: { projectId: other.projectId, flowVersionId: flow.version.id, stepName: 'step_1' },
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
  });
});

describe('large outputs of a tested step', () => {
  let small: TestServer;
  let smallUser: TestUser;

  beforeAll(async () => {
    small = await startTestServer({ AP_MAX_FILE_SIZE_MB: '1', AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB: '1' });
    smallUser = await signUpTestUser(small);
  });
  afterAll(() => small.close());

  it('stores an output the run kept in a file, and skips one over AP_MAX_FILE_SIZE_MB (the run still ends)', async () => {
    const api = flowsApi(small, smallUser.token);
    const created = await api.createFlow(smallUser.projectId!);
    const flow = await api.apply(
      created.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      addAction(code('step_1', 'return "x".repeat(5000);')),
      addAction(code('step_2', 'return "y".repeat(1.5 * 1024 * 1024);'), 'step_1'),
    );
    const smallClient = createPieceworkClient({ baseUrl: small.url, token: smallUser.token });
    const sample = (stepName: string) =>
      smallClient.sampleData.get({
        projectId: flow.projectId,
        flowId: flow.id,
        flowVersionId: flow.version.id,
        stepName,
        type: 'OUTPUT',
      });
    for (const stepName of ['step_1', 'step_2']) {
      const started = await smallClient.sampleData.testStep({
        projectId: flow.projectId,
        flowVersionId: flow.version.id,
        stepName,
      });
      expect((await waitForRun(small, smallUser.token, started.id)).status).toBe('SUCCEEDED');
    }
    expect(await sample('step_1')).toBe('x'.repeat(5000));
    expect(await sample('step_2')).toEqual({});
    expect(small.logs).toContainEqual(
      expect.objectContaining({
        msg: "The tested step's sample data could not be saved",
        stepName: 'step_2',
      }),
    );
  });
});
