import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateId } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import {
  codeStep,
  addAction,
  expectStatus,
  flowEvents,
  flowsApi,
  insertFolder,
  webhookTrigger,
} from '../../testing/features/flow-test-kit';

let server: TestServer;
let owner: TestUser;
let projectId: string;
let api: ReturnType<typeof flowsApi>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpTestUser(server);
  projectId = owner.projectId!;
  api = flowsApi(server, owner.token);
});
afterAll(() => server.close());

describe('POST /v1/flows', () => {
  it('creates a DISABLED flow owned by the caller with an empty DRAFT version', async () => {
    const answer = await api.create({
      projectId,
      displayName: 'Welcome email',
      metadata: { team: 'growth' },
    });
    const flow = expectStatus(answer, 201);
    expect(flow).toMatchObject({
      projectId,
      externalId: flow.id,
      ownerId: owner.userId,
      folderId: null,
      status: 'DISABLED',
      operationStatus: 'NONE',
      publishedVersionId: null,
      metadata: { team: 'growth' },
      version: {
        flowId: flow.id,
        displayName: 'Welcome email',
        state: 'DRAFT',
        valid: false,
        connectionIds: [],
        notes: [],
        updatedBy: owner.userId,
        trigger: { name: 'trigger', type: 'EMPTY' },
      },
    });
    const [created] = await flowEvents(server, owner.platformId, flow.id, 'flow.created');
    expect(created).toMatchObject({
      projectId,
      userId: owner.userId,
      data: {
        flow: { id: flow.id, externalId: flow.id, created: flow.created, updated: flow.updated },
        project: { displayName: expect.any(String) as string, externalId: null },
      },
    });
  });

  it('refuses an externalId already used in the project with 409 CONFLICT', async () => {
    const externalId = `ext-${generateId()}`;
    await api.createFlow(projectId, 'First', { externalId });
    const answer = await api.create({ projectId, displayName: 'Second', externalId });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', params: { externalId } });
  });

  it('files the flow in a folder of the project, and refuses one of another project with 404', async () => {
    const folderId = await insertFolder(server, projectId);
    expect(await api.createFlow(projectId, 'Filed', { folderId })).toMatchObject({ folderId });
    const stranger = await signUpTestUser(server);
    const foreignFolder = await insertFolder(server, stranger.projectId!);
    const answer = await api.create({ projectId, displayName: 'Nope', folderId: foreignFolder });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'folder' } });
  });

  it('has no owner when an API key creates it', async () => {
    const key = await callApi<{ value: string }>(server.apiUrl, 'POST', '/v1/api-keys', {
      token: owner.token,
      body: { displayName: 'ci' },
    });
    const flow = await flowsApi(server, expectStatus(key, 201).value).createFlow(projectId, 'By key');
    expect(flow.ownerId).toBeNull();
    expect(flow.version.updatedBy).toBeNull();
  });
});

describe('GET /v1/flows/:id', () => {
  it('answers the latest version, or the version asked for', async () => {
    const flow = await api.createFlow(projectId);
    const edited = await api.apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'Renamed' } });
    expect(expectStatus(await api.get(flow.id), 200)).toEqual(edited);
    const published = await api.apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
    const draft = await api.apply(flow.id, addAction(codeStep('step_1')));
    expect(expectStatus(await api.get(flow.id), 200).version.id).toBe(draft.version.id);
    const old = expectStatus(await api.get(flow.id, { versionId: published.version.id }), 200);
    expect(old.version).toEqual(published.version);
  });

  it('answers 404 for a version of another flow, and 400 for a malformed id', async () => {
    const flow = await api.createFlow(projectId);
    const other = await api.createFlow(projectId);
    const answer = await api.get(flow.id, { versionId: other.version.id });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ params: { entityType: 'flowVersion' } });
    expect((await api.get('not-an-id')).status).toBe(400);
    expect((await api.get(generateId())).status).toBe(404);
  });
});

describe('access', () => {
  it('lets a Viewer read but not write (403), and hides the flow from another platform (404)', async () => {
    const flow = await api.createFlow(projectId);
    const viewer = flowsApi(
      server,
      (await addTestUser(server, owner.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }])).token,
    );
    expect((await viewer.get(flow.id)).status).toBe(200);
    expect((await viewer.versions(flow.id)).status).toBe(200);
    expect((await viewer.list({ projectId })).status).toBe(200);
    for (const answer of [
      await viewer.operate(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'x' } }),
      await viewer.operate(flow.id, { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } }),
      await viewer.delete(flow.id),
      await viewer.create({ projectId, displayName: 'x' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'PERMISSION_DENIED' });
    }

    const outsider = flowsApi(server, (await signUpTestUser(server)).token);
    for (const answer of [
      await outsider.get(flow.id),
      await outsider.versions(flow.id),
      await outsider.operate(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'x' } }),
      await outsider.delete(flow.id),
      await outsider.list({ projectId }),
      await outsider.create({ projectId, displayName: 'x' }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect(expectStatus(await api.get(flow.id), 200).version.displayName).toBe('My flow');
  });

  it('answers 403 to a platform MEMBER who is not in the project', async () => {
    const flow = await api.createFlow(projectId);
    const member = flowsApi(server, (await addTestUser(server, owner.platformId, 'MEMBER')).token);
    expect((await member.get(flow.id)).status).toBe(403);
  });
});

describe('DELETE /v1/flows/:id', () => {
  it('deletes the flow with its versions and sample data, and records flow.deleted', async () => {
    const flow = await api.createFlow(projectId);
    const withData = await api.apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      { type: 'LOCK_AND_PUBLISH', request: {} },
      { type: 'SAVE_SAMPLE_DATA', request: { stepName: 'trigger', type: 'OUTPUT', payload: { a: 1 } } },
    );
    const answer = await api.delete(flow.id);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    expect((await api.get(flow.id)).status).toBe(404);
    const { db } = server.server.context.store;
    expect(await db.selectFrom('flowVersion').select('id').where('flowId', '=', flow.id).execute()).toEqual(
      [],
    );
    const fileId = (withData.version.trigger.settings as { sampleData: { sampleDataFileId: string } })
      .sampleData.sampleDataFileId;
    expect(await db.selectFrom('file').select('id').where('id', '=', fileId).execute()).toEqual([]);
    const [deleted] = await flowEvents(server, owner.platformId, flow.id, 'flow.deleted');
    expect(deleted?.data).toMatchObject({
      flow: { id: flow.id },
      flowVersion: { id: withData.version.id, flowId: flow.id, displayName: 'My flow' },
    });
    expect((await api.delete(flow.id)).status).toBe(404);
  });
});

describe('GET /v1/flows/:id/versions', () => {
  it('lists versions newest first, in pages', async () => {
    const flow = await api.createFlow(projectId);
    const first = await api.apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = await api.apply(flow.id, addAction(codeStep('step_1')), {
      type: 'LOCK_AND_PUBLISH',
      request: {},
    });
    await new Promise((resolve) => setTimeout(resolve, 2));
    const draft = await api.apply(flow.id, addAction(codeStep('step_2'), 'step_1'));
    const page1 = expectStatus(await api.versions(flow.id, { limit: '2' }), 200);
    expect(page1.data.map((version) => [version.id, version.state])).toEqual([
      [draft.version.id, 'DRAFT'],
      [second.version.id, 'LOCKED'],
    ]);
    const page2 = expectStatus(await api.versions(flow.id, { limit: '2', cursor: page1.next! }), 200);
    expect(page2.data.map((version) => version.id)).toEqual([first.version.id]);
    expect(page2.next).toBeNull();
  });
});
