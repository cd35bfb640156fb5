import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import {
  addAction,
  codeStep,
  expectStatus,
  flowEvents,
  flowsApi,
  insertFolder,
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

const setTrigger: FlowOperation = { type: 'UPDATE_TRIGGER', request: webhookTrigger() };
const publish = (status?: 'ENABLED' | 'DISABLED'): FlowOperation => ({
  type: 'LOCK_AND_PUBLISH',
  request: status === undefined ? {} : { status },
});
const changeStatus = (status: 'ENABLED' | 'DISABLED'): FlowOperation => ({
  type: 'CHANGE_STATUS',
  request: { status },
});

/** A new flow with a valid draft (a complete trigger). */
async function publishableFlow(): Promise<PopulatedFlow> {
  const flow = await api.createFlow(projectId);
  return api.apply(flow.id, setTrigger);
}

/** Sends `operation`, expects it refused with `status` and `code`, and checks nothing changed. */
async function expectRefused(flow: PopulatedFlow, operation: FlowOperation, status: number, code: string) {
  const before = expectStatus(await api.get(flow.id), 200);
  const eventsBefore = await flowEvents(server, user.platformId, flow.id);
  const answer = await api.operate(flow.id, operation);
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ code });
  expect(expectStatus(await api.get(flow.id), 200)).toEqual(before);
  expect(await flowEvents(server, user.platformId, flow.id)).toEqual(eventsBefore);
  return answer.body as unknown as { code: string; params: Record<string, unknown> };
}

async function actionsOf(flowId: string): Promise<string[]> {
  return (await flowEvents(server, user.platformId, flowId)).map((event) => event.action);
}

describe('LOCK_AND_PUBLISH', () => {
  it('locks and publishes the draft, ENABLED by default, keeping the exact piece version', async () => {
    const flow = await publishableFlow();
    const published = await api.apply(flow.id, publish());
    expect(published).toMatchObject({
      status: 'ENABLED',
      publishedVersionId: flow.version.id,
      version: { id: flow.version.id, state: 'LOCKED', updatedBy: user.userId },
    });
    expect(published.version.trigger.settings).toMatchObject({ pieceVersion: '0.1.29' });
    expect(await actionsOf(flow.id)).toEqual([
      'flow.created',
      'flow.updated',
      'flow.updated',
      'flow.published',
      'flow.activated',
    ]);
    const [, , updated, publishedEvent] = await flowEvents(server, user.platformId, flow.id);
    expect(updated?.data).toMatchObject({ request: { type: 'LOCK_AND_PUBLISH', request: {} } });
    expect(publishedEvent?.data).toEqual({
      flow: { id: flow.id, externalId: flow.externalId, created: flow.created, updated: published.updated },
      flowVersion: {
        id: flow.version.id,
        displayName: 'My flow',
        flowId: flow.id,
        created: flow.version.created,
        updated: published.version.updated,
      },
      project: { displayName: expect.any(String) as string, externalId: null },
    });
  });

  it('publishes DISABLED when asked, with no activation event', async () => {
    const flow = await publishableFlow();
    const published = await api.apply(flow.id, publish('DISABLED'));
    expect(published).toMatchObject({ status: 'DISABLED', publishedVersionId: flow.version.id });
    expect(await actionsOf(flow.id)).not.toContain('flow.activated');
  });

  it('publishes the latest version when it is already locked', async () => {
    const flow = await publishableFlow();
    await api.apply(flow.id, { type: 'LOCK_FLOW', request: {} });
    const published = await api.apply(flow.id, publish());
    expect(published).toMatchObject({ publishedVersionId: flow.version.id, version: { state: 'LOCKED' } });
  });

  it.each<[string, FlowOperation[], Record<string, unknown>]>([
    ['an EMPTY trigger', [], { message: expect.stringContaining('trigger is not set') as string }],
    [
      'an invalid step',
      [setTrigger, addAction(pieceStep('step_1', {}, false))],
      { invalidSteps: ['step_1'] },
    ],
  ])('refuses a draft with %s (409) and changes nothing', async (_, setup, params) => {
    const created = await api.createFlow(projectId);
    const flow = setup.length === 0 ? created : await api.apply(created.id, ...setup);
    const body = await expectRefused(flow, publish(), 409, 'VALIDATION');
    expect(body.params).toMatchObject(params);
  });
});

describe('CHANGE_STATUS', () => {
  it('refuses ENABLED without a published version (409) and changes nothing', async () => {
    await expectRefused(await publishableFlow(), changeStatus('ENABLED'), 409, 'VALIDATION');
  });

  it('enables and disables the published version, with activation events', async () => {
    const flow = await publishableFlow();
    await api.apply(flow.id, publish('DISABLED'), addAction(codeStep('step_1')));
    expect(await api.apply(flow.id, changeStatus('ENABLED'))).toMatchObject({ status: 'ENABLED' });
    expect(await api.apply(flow.id, changeStatus('ENABLED'))).toMatchObject({ status: 'ENABLED' });
    expect(await api.apply(flow.id, changeStatus('DISABLED'))).toMatchObject({ status: 'DISABLED' });
    const events = await flowEvents(server, user.platformId, flow.id);
    const statusEvents = events.filter(
      (event) => event.action === 'flow.activated' || event.action === 'flow.deactivated',
    );
    expect(
      statusEvents.map((event) => [
        event.action,
        (event.data as { flowVersion: { id: string } }).flowVersion.id,
      ]),
    ).toEqual([
      ['flow.activated', flow.version.id],
      ['flow.deactivated', flow.version.id],
    ]);
    expect(events.filter((event) => event.action === 'flow.updated').at(-1)?.data).toMatchObject({
      request: { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } },
    });
  });
});

describe('USE_AS_DRAFT', () => {
  it('copies a version into the existing draft, or into a new draft when the latest is locked', async () => {
    const flow = await publishableFlow();
    const v1 = await api.apply(flow.id, addAction(codeStep('step_1')), publish());
    const draft = await api.apply(flow.id, addAction(codeStep('step_2'), 'step_1'), {
      type: 'CHANGE_NAME',
      request: { displayName: 'Renamed' },
    });
    const restored = await api.apply(flow.id, {
      type: 'USE_AS_DRAFT',
      request: { versionId: v1.version.id },
    });
    expect(restored.version).toMatchObject({ id: draft.version.id, state: 'DRAFT', displayName: 'My flow' });
    expect(restored.version.trigger).toEqual(v1.version.trigger);

    await api.apply(flow.id, { type: 'LOCK_FLOW', request: {} });
    const copied = await api.apply(flow.id, { type: 'USE_AS_DRAFT', request: { versionId: v1.version.id } });
    expect(copied.version.id).not.toBe(draft.version.id);
    expect(copied.version).toMatchObject({ state: 'DRAFT', valid: true, trigger: v1.version.trigger });
  });

  it('answers 404 for a version of another flow and changes nothing', async () => {
    const flow = await publishableFlow();
    const other = await api.createFlow(projectId);
    await expectRefused(
      flow,
      { type: 'USE_AS_DRAFT', request: { versionId: other.version.id } },
      404,
      'ENTITY_NOT_FOUND',
    );
  });
});

describe('LOCK_FLOW', () => {
  it('locks the draft without publishing; the next edit makes a new draft', async () => {
    const flow = await publishableFlow();
    const locked = await api.apply(flow.id, { type: 'LOCK_FLOW', request: {} });
    expect(locked).toMatchObject({
      status: 'DISABLED',
      publishedVersionId: null,
      version: { state: 'LOCKED' },
    });
    const edited = await api.apply(flow.id, addAction(codeStep('step_1')));
    expect(edited.version).toMatchObject({ state: 'DRAFT' });
    expect(edited.version.id).not.toBe(flow.version.id);
  });
});

describe('CHANGE_FOLDER', () => {
  it('moves the flow into a folder of its project and out of it', async () => {
    const flow = await api.createFlow(projectId);
    const folderId = await insertFolder(server, projectId);
    expect(await api.apply(flow.id, { type: 'CHANGE_FOLDER', request: { folderId } })).toMatchObject({
      folderId,
    });
    expect(await api.apply(flow.id, { type: 'CHANGE_FOLDER', request: { folderId: null } })).toMatchObject({
      folderId: null,
    });
  });

  it('answers 404 for a folder of another project and changes nothing', async () => {
    const flow = await api.createFlow(projectId);
    const stranger = await signUpTestUser(server);
    const folderId = await insertFolder(server, stranger.projectId!);
    await expectRefused(flow, { type: 'CHANGE_FOLDER', request: { folderId } }, 404, 'ENTITY_NOT_FOUND');
  });
});

describe('flow settings', () => {
  it.each<[string, FlowOperation, Partial<PopulatedFlow>]>([
    [
      'UPDATE_METADATA',
      { type: 'UPDATE_METADATA', request: { metadata: { a: [1, 2] } } },
      { metadata: { a: [1, 2] } },
    ],
    ['UPDATE_METADATA to null', { type: 'UPDATE_METADATA', request: { metadata: null } }, { metadata: null }],
    [
      'UPDATE_MINUTES_SAVED',
      { type: 'UPDATE_MINUTES_SAVED', request: { timeSavedPerRun: 7.5 } },
      { timeSavedPerRun: 7.5 },
    ],
    [
      'UPDATE_MINUTES_SAVED to null',
      { type: 'UPDATE_MINUTES_SAVED', request: { timeSavedPerRun: null } },
      { timeSavedPerRun: null },
    ],
  ])('%s', async (_, operation, expected) => {
    const flow = await api.createFlow(projectId);
    const updated = await api.apply(flow.id, operation);
    expect(updated).toMatchObject(expected);
    expect(updated.updated >= flow.updated).toBe(true);
    expect(updated.version).toEqual(flow.version);
    const [event] = await flowEvents(server, user.platformId, flow.id, 'flow.updated');
    expect(event?.data).toMatchObject({ request: operation, flowVersion: { id: flow.version.id } });
  });

  it('UPDATE_OWNER takes a user of the platform, and answers 404 for another platform', async () => {
    const flow = await api.createFlow(projectId);
    const colleague = await addTestUser(server, user.platformId, 'MEMBER');
    expect(
      await api.apply(flow.id, { type: 'UPDATE_OWNER', request: { ownerId: colleague.userId } }),
    ).toMatchObject({
      ownerId: colleague.userId,
    });
    const stranger = await signUpTestUser(server);
    await expectRefused(
      flow,
      { type: 'UPDATE_OWNER', request: { ownerId: stranger.userId } },
      404,
      'ENTITY_NOT_FOUND',
    );
  });
});
