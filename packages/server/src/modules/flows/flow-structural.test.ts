import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAllSteps, type FlowOperation, type StepRequest } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import {
  addAction,
  codeStep,
  expectStatus,
  flowEvents,
  flowsApi,
  pieceStep,
  webhookTrigger,
} from '../../testing/features/flow-test-kit';

let server: TestServer;
let user: TestUser;
let projectId: string;
let api: ReturnType<typeof flowsApi>;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  projectId = user.projectId!;
  api = flowsApi(server, user.token);
});
afterAll(() => server.close());

const router: StepRequest = {
  name: 'router_1',
  displayName: 'Router',
  type: 'ROUTER',
  valid: true,
  settings: {
    executionType: 'EXECUTE_FIRST_MATCH',
    branches: [
      {
        branchType: 'CONDITION',
        branchName: 'Big',
        conditions: [
          [{ operator: 'NUMBER_IS_GREATER_THAN', firstValue: "{{trigger['output'].n}}", secondValue: '5' }],
        ],
      },
      { branchType: 'FALLBACK', branchName: 'Otherwise' },
    ],
  },
};
const loop: StepRequest = {
  name: 'loop_1',
  displayName: 'Loop',
  type: 'LOOP_ON_ITEMS',
  valid: true,
  settings: { items: "{{trigger['output'].items}}" },
};
const note = {
  id: 'note-1',
  content: 'hi',
  color: 'yellow' as const,
  position: { x: 1, y: 2 },
  size: { width: 3, height: 4 },
};

/** The 17 structural operation types, in an order in which each applies to what the previous left. */
const STRUCTURAL: FlowOperation[] = [
  { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
  addAction(codeStep('step_1')),
  addAction(router, 'step_1'),
  { type: 'ADD_BRANCH', request: { stepName: 'router_1', branchIndex: 1, branchName: 'Small' } },
  { type: 'DUPLICATE_BRANCH', request: { stepName: 'router_1', branchIndex: 0 } },
  { type: 'MOVE_BRANCH', request: { stepName: 'router_1', sourceBranchIndex: 0, targetBranchIndex: 1 } },
  { type: 'DELETE_BRANCH', request: { stepName: 'router_1', branchIndex: 0 } },
  {
    type: 'ADD_ACTION',
    request: { parentStep: 'router_1', action: loop, stepLocationRelativeToParent: 'AFTER' },
  },
  { type: 'UPDATE_ACTION', request: codeStep('step_1', { greeting: 'hello' }) },
  { type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } },
  {
    type: 'MOVE_ACTION',
    request: { name: 'step_1', newParentStep: 'loop_1', stepLocationRelativeToNewParent: 'INSIDE_LOOP' },
  },
  { type: 'SET_SKIP_ACTION', request: { names: ['step_1'], skip: true } },
  { type: 'DELETE_ACTION', request: { names: ['step_1'] } },
  { type: 'CHANGE_NAME', request: { displayName: 'Structured' } },
  { type: 'ADD_NOTE', request: note },
  { type: 'UPDATE_NOTE', request: { ...note, content: 'bye' } },
  { type: 'DELETE_NOTE', request: { id: 'note-1' } },
  {
    type: 'UPDATE_SAMPLE_DATA_INFO',
    request: { stepName: 'loop_1', sampleDataSettings: { sampleDataFileId: 'f1' } },
  },
  {
    type: 'IMPORT_FLOW',
    request: {
      displayName: 'Imported',
      trigger: { ...webhookTrigger(), lastUpdatedDate: 'x' },
      schemaVersion: null,
    },
  },
];

describe('structural operations', () => {
  it('applies every structural type to the draft, recording each as flow.updated', async () => {
    const flow = await api.createFlow(projectId);
    for (const operation of STRUCTURAL) {
      const answer = await api.operate(flow.id, operation);
      expect({
        type: operation.type,
        status: answer.status,
        body: answer.status === 200 ? 'ok' : answer.body,
      }).toEqual({
        type: operation.type,
        status: 200,
        body: 'ok',
      });
    }
    const final = expectStatus(await api.get(flow.id), 200);
    expect(final.version).toMatchObject({
      id: flow.version.id,
      state: 'DRAFT',
      displayName: 'Imported',
      valid: true,
    });
    const updates = await flowEvents(server, user.platformId, flow.id, 'flow.updated');
    expect(updates.map((event) => event.data.request)).toEqual(
      STRUCTURAL.map((operation) => expect.objectContaining({ type: operation.type }) as unknown),
    );
    expect(updates.at(-1)?.data.flowVersion).toEqual({
      id: final.version.id,
      displayName: 'Imported',
      flowId: flow.id,
      created: final.version.created,
      updated: final.version.updated,
    });
  });

  it('edits after publishing go to a new draft; the published version stays LOCKED and unchanged', async () => {
    const flow = await api.createFlow(projectId);
    const published = await api.apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      addAction(codeStep('step_1')),
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
    const draft = await api.apply(flow.id, { type: 'DELETE_ACTION', request: { names: ['step_1'] } });
    expect(draft).toMatchObject({ status: 'ENABLED', publishedVersionId: published.version.id });
    expect(draft.version).toMatchObject({ state: 'DRAFT', updatedBy: user.userId });
    expect(draft.version.id).not.toBe(published.version.id);
    expect(getAllSteps(draft.version.trigger).map((step) => step.name)).toEqual(['trigger']);
    const stored = expectStatus(await api.get(flow.id, { versionId: published.version.id }), 200);
    expect(stored.version).toEqual(published.version);
    expect(stored.version.state).toBe('LOCKED');
  });

  it('makes no draft when the edit after publishing is refused', async () => {
    const flow = await api.createFlow(projectId);
    await api.apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
    const answer = await api.operate(flow.id, { type: 'DUPLICATE_ACTION', request: { stepName: 'step_9' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'FLOW_OPERATION_INVALID', params: { stepName: 'step_9' } });
    expect(expectStatus(await api.versions(flow.id), 200).data.map((version) => version.state)).toEqual([
      'LOCKED',
    ]);
  });

  it('recomputes connectionIds on every save', async () => {
    const flow = await api.createFlow(projectId);
    const withConnections = await api.apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger({ auth: "{{connections['hook-auth']}}" }) },
      addAction(pieceStep('step_1', { auth: "{{connections['slack-main']}}", text: 'hi' })),
      addAction(
        codeStep('step_2', { token: '{{ connections.gmail.token }}', fake: "{{ 'connections.nope' }}" }),
        'step_1',
      ),
    );
    expect(withConnections.version.connectionIds).toEqual(['hook-auth', 'slack-main', 'gmail']);
    const fewer = await api.apply(flow.id, { type: 'DELETE_ACTION', request: { names: ['step_1'] } });
    expect(fewer.version.connectionIds).toEqual(['hook-auth', 'gmail']);
  });

  it('serialises concurrent edits of one flow: none is lost', async () => {
    const flow = await api.createFlow(projectId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.operate(flow.id, addAction(codeStep(`step_${String(i + 1)}`)))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
    const final = expectStatus(await api.get(flow.id), 200);
    expect(getAllSteps(final.version.trigger)).toHaveLength(9);
  });

  it('lets an Editor edit and publish, stamping the editor as updatedBy', async () => {
    const flow = await api.createFlow(projectId);
    const editor = await addTestUser(server, user.platformId, 'MEMBER', [{ projectId, role: 'Editor' }]);
    const published = await flowsApi(server, editor.token).apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
    expect(published.version).toMatchObject({ state: 'LOCKED', updatedBy: editor.userId });
    const [event] = await flowEvents(server, user.platformId, flow.id, 'flow.published');
    expect(event).toMatchObject({ userId: editor.userId, userEmail: editor.email });
  });
});
