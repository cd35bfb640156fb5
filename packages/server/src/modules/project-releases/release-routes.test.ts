import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { callApi } from '../../testing/call-api';
import { auditEventsOf, code, flowsApi, pieceStep } from '../../testing/features/flow-test-kit';
import {
  buildFlow,
  flowRowsOf,
  ok,
  releasesApi,
  teamProject,
  versionRowsOf,
} from '../../testing/features/release-test-kit';

let server: TestServer;
let admin: TestUser;
let api: ReturnType<typeof releasesApi>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  api = releasesApi(server, admin.token);
});
afterAll(async () => {
  await server.close();
});

const fromProject = (projectId: string, sourceProjectId: string, name = 'v1') => ({
  projectId,
  type: 'PROJECT',
  sourceProjectId,
  name,
});

describe('project releases from another project', () => {
  it('plans exactly what differs, applies it, and changes nothing the second time', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, true);
    await buildFlow(server, admin.token, source, 'orders', [code('step_1', 'return 1;')]);
    await buildFlow(server, admin.token, source, 'same', [code('step_1', 'return "same";')], 'DISABLED');
    await buildFlow(server, admin.token, source, 'gone', [code('step_1', 'return 2;')]);
    await buildFlow(server, admin.token, source, 'draft', [code('step_1', 'return 3;')], false);

    const first = ok(await api.diff(fromProject(target, source)));
    expect(first.flows.map((op) => [op.type, op.externalId])).toEqual([
      ['CREATE_FLOW', 'draft'],
      ['CREATE_FLOW', 'gone'],
      ['CREATE_FLOW', 'orders'],
      ['CREATE_FLOW', 'same'],
    ]);
    const release = await api.create(fromProject(target, source));
    expect(release.status).toBe(201);
    expect(release.body).toMatchObject({
      name: 'v1',
      type: 'PROJECT',
      projectId: target,
      sourceProjectId: source,
    });

    const released = await flowRowsOf(server, target);
    expect(released.map((flow) => [flow.externalId, flow.status, flow.publishedVersionId !== null])).toEqual([
      ['draft', 'DISABLED', false],
      ['gone', 'ENABLED', true],
      ['orders', 'ENABLED', true],
      ['same', 'DISABLED', true],
    ]);
    // The target's state is now the source's.
    expect(ok(await api.exportState(target)).flows).toEqual(ok(await api.exportState(source)).flows);

    // Again: an empty plan, and applying it touches no flow nor version.
    const versions = await versionRowsOf(server, target);
    expect(ok(await api.diff(fromProject(target, source))).flows).toEqual([]);
    expect((await api.create(fromProject(target, source, 'v1 again'))).status).toBe(201);
    expect(await flowRowsOf(server, target)).toEqual(released);
    expect(await versionRowsOf(server, target)).toEqual(versions);

    // Change the source: one flow's code, one flow gone, one new; `same` stays out of the plan.
    const sourceFlows = await flowRowsOf(server, source);
    const orders = sourceFlows.find((flow) => flow.externalId === 'orders')!;
    const flows = flowsApi(server, admin.token);
    await flows.apply(
      orders.id,
      { type: 'UPDATE_ACTION', request: code('step_1', 'return 42;') },
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
    expect((await flows.delete(sourceFlows.find((flow) => flow.externalId === 'gone')!.id)).status).toBe(204);
    await buildFlow(server, admin.token, source, 'fresh', [code('step_1', 'return 4;')], 'DISABLED');

    const second = ok(await api.diff(fromProject(target, source)));
    expect(second.flows).toEqual([
      { type: 'CREATE_FLOW', externalId: 'fresh', displayName: 'Flow fresh', changes: [] },
      { type: 'UPDATE_FLOW', externalId: 'orders', displayName: 'Flow orders', changes: ['steps'] },
      { type: 'DELETE_FLOW', externalId: 'gone', displayName: 'Flow gone', changes: [] },
    ]);
    ok(await api.create(fromProject(target, source, 'v2')));
    expect(ok(await api.exportState(target)).flows).toEqual(ok(await api.exportState(source)).flows);
    const ordersInTarget = (await flowRowsOf(server, target)).find((flow) => flow.externalId === 'orders')!;
    const published = ok(await flows.get(ordersInTarget.id));
    expect(published.status).toBe('ENABLED');
    expect(JSON.stringify(published.version.trigger)).toContain('return 42;');
    expect(ok(await api.diff(fromProject(target, source))).flows).toEqual([]);
  }, 60_000);

  it('names status and name changes, and disables a flow the source disabled', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, true);
    const flow = await buildFlow(server, admin.token, source, 'status', [code('step_1', 'return 1;')]);
    ok(await api.create(fromProject(target, source)));
    await flowsApi(server, admin.token).apply(
      flow.id,
      { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } },
      { type: 'CHANGE_NAME', request: { displayName: 'Renamed' } },
    );
    // The rename is a draft: the published version (what the release carries) is unchanged.
    expect(ok(await api.diff(fromProject(target, source))).flows).toEqual([
      { type: 'UPDATE_FLOW', externalId: 'status', displayName: 'Flow status', changes: ['status'] },
    ]);
    ok(await api.create(fromProject(target, source, 'v2')));
    expect((await flowRowsOf(server, target))[0]!.status).toBe('DISABLED');
    expect(ok(await api.diff(fromProject(target, source))).flows).toEqual([]);
  }, 60_000);

  it('lists connections the target lacks and never creates them nor exports their secrets', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, true);
    const connection = await callApi(server.apiUrl, 'POST', '/v1/app-connections', {
      token: admin.token,
      body: {
        projectId: source,
        externalId: 'crm',
        displayName: 'CRM',
        pieceName: '@activepieces/piece-http',
        type: 'SECRET_TEXT',
        value: { type: 'SECRET_TEXT', secret_text: 'very-secret-value' },
      },
    });
    expect(connection.status).toBe(201);
    const state = ok(await api.exportState(source));
    expect(state.connections).toEqual([
      { externalId: 'crm', displayName: 'CRM', pieceName: '@activepieces/piece-http', type: 'SECRET_TEXT' },
    ]);
    expect(JSON.stringify(state)).not.toContain('very-secret-value');

    const plan = ok(await api.diff(fromProject(target, source)));
    expect(plan).toEqual({
      flows: [],
      tables: [],
      connections: state.connections,
      connectionsCreated: false,
    });
    ok(await api.create(fromProject(target, source)));
    const connections = await server.server.context.store.db
      .selectFrom('appConnection')
      .select('id')
      .where('projectId', '=', target)
      .execute();
    expect(connections).toEqual([]);
  });
});

describe('project releases from a file and rollbacks', () => {
  it('releases an exported file, then rolls back to an earlier release', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, true);
    await buildFlow(server, admin.token, source, 'a', [code('step_1', 'return "a";')]);
    const fileV1 = ok(await api.exportState(source));
    await buildFlow(server, admin.token, source, 'b', [code('step_1', 'return "b";')], 'DISABLED');
    const fileV2 = ok(await api.exportState(source));

    const v1 = ok(await api.create({ projectId: target, type: 'FILE', state: fileV1, name: 'v1' }));
    expect(v1).toMatchObject({ type: 'FILE', sourceProjectId: null });
    expect(ok(await api.diff({ projectId: target, type: 'FILE', state: fileV1 })).flows).toEqual([]);
    ok(await api.create({ projectId: target, type: 'FILE', state: fileV2, name: 'v2' }));
    expect((await flowRowsOf(server, target)).map((flow) => flow.externalId)).toEqual(['a', 'b']);

    const rollback = { projectId: target, type: 'ROLLBACK', projectReleaseId: v1.id };
    expect(ok(await api.diff(rollback)).flows.map((op) => [op.type, op.externalId])).toEqual([
      ['DELETE_FLOW', 'b'],
    ]);
    ok(await api.create({ ...rollback, name: 'back to v1' }));
    expect((await flowRowsOf(server, target)).map((flow) => flow.externalId)).toEqual(['a']);
    expect(ok(await api.get(v1.id)).state).toEqual(fileV1);

    const listed = ok(await api.list({ projectId: target, limit: '2' }));
    expect(listed.data.map((release) => release.name)).toEqual(['back to v1', 'v2']);
    expect(listed.next).not.toBeNull();
  }, 60_000);

  it('applies all or nothing: a flow that cannot be published leaves the target as it was', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, true);
    await buildFlow(server, admin.token, source, 'fine', [code('step_1', 'return 1;')]);
    await buildFlow(server, admin.token, source, 'broken', [pieceStep('step_1', {}, false)], false);
    const state = ok(await api.exportState(source));
    const broken = state.flows.find((flow) => flow.externalId === 'broken')!;
    // Claim the unpublishable draft is published: publishing it in the target is refused.
    const file = {
      ...state,
      flows: state.flows.map((flow) => (flow === broken ? { ...flow, published: true } : flow)),
    };
    const answer = await api.create({ projectId: target, type: 'FILE', state: file, name: 'bad' });
    expect(answer.status).toBe(409);
    expect(await flowRowsOf(server, target)).toEqual([]);
    expect(ok(await api.list({ projectId: target })).data).toEqual([]);
  }, 60_000);
});

describe('project release events', () => {
  it('records project.release.created with the release and who made it', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, true);
    ok(await api.create({ ...fromProject(target, source, 'Evented'), description: 'first cut' }));
    const events = (await auditEventsOf(server, admin.platformId)).filter(
      (event) => event.action === 'project.release.created' && event.projectId === target,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: admin.userId, userEmail: admin.email.toLowerCase() });
    expect(events[0]!.data).toEqual({
      release: {
        name: 'Evented',
        type: 'PROJECT',
        projectId: target,
        description: 'first cut',
        importedByUser: {
          id: admin.userId,
          email: admin.email.toLowerCase(),
          firstName: 'Test',
          lastName: 'User',
        },
      },
    });
  });
});

describe('project release refusals', () => {
  it('refuses a target without releases enabled and writes nothing', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, false);
    await buildFlow(server, admin.token, source, 'a', [code('step_1', 'return 1;')]);
    for (const answer of [
      await api.diff(fromProject(target, source)),
      await api.create(fromProject(target, source)),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION',
        params: { reason: 'RELEASES_DISABLED', projectId: target },
      });
    }
    expect(await flowRowsOf(server, target)).toEqual([]);
    expect(ok(await api.list({ projectId: target })).data).toEqual([]);
  });

  it('lets Editors read but not release, and needs read access to the source project', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, true);
    const editor = await addTestUser(server, admin.platformId, 'MEMBER', [
      { projectId: target, role: 'Editor' },
      { projectId: source, role: 'Editor' },
    ]);
    const asEditor = releasesApi(server, editor.token);
    expect((await asEditor.create(fromProject(target, source))).status).toBe(403);
    expect((await asEditor.diff(fromProject(target, source))).status).toBe(403);
    expect((await asEditor.list({ projectId: target })).status).toBe(200);

    const targetAdmin = await addTestUser(server, admin.platformId, 'MEMBER', [
      { projectId: target, role: 'Admin' },
    ]);
    const refused = await releasesApi(server, targetAdmin.token).create(fromProject(target, source));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PERMISSION_DENIED', params: { projectId: source } });
    expect(ok(await api.list({ projectId: target })).data).toEqual([]);
  });

  it("keeps other platforms' projects and releases out of reach (404)", async () => {
    const target = await teamProject(server, admin.token, true);
    const v1 = ok(
      await api.create({
        projectId: target,
        type: 'FILE',
        state: { flows: [], connections: [] },
        name: 'v1',
      }),
    );
    const stranger = await signUpTestUser(server);
    const theirs = await teamProject(server, stranger.token, true);
    const asStranger = releasesApi(server, stranger.token);
    expect((await asStranger.create(fromProject(theirs, target))).status).toBe(404);
    expect((await asStranger.create(fromProject(target, theirs))).status).toBe(404);
    expect((await asStranger.get(v1.id)).status).toBe(404);
    expect((await asStranger.exportState(target)).status).toBe(404);
    const rollback = await asStranger.diff({ projectId: theirs, type: 'ROLLBACK', projectReleaseId: v1.id });
    expect(rollback.status).toBe(404);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const target = await teamProject(server, admin.token, true);
    const flow = ok(await api.exportState(await seededProject()));
    const bad: Record<string, unknown>[] = [
      { projectId: target, type: 'FILE', state: { flows: [], connections: [] } },
      { projectId: target, type: 'TEMPLATE', name: 'x' },
      { projectId: target, type: 'PROJECT', name: 'x' },
      {
        projectId: target,
        type: 'FILE',
        name: 'x',
        state: { flows: [{ externalId: 'x' }], connections: [] },
      },
      {
        projectId: target,
        type: 'FILE',
        name: 'x',
        state: { flows: [...flow.flows, ...flow.flows], connections: [] },
      },
      {
        projectId: target,
        type: 'FILE',
        name: 'x',
        state: { flows: flow.flows.map((f) => ({ ...f, published: false })), connections: [] },
      },
      fromProject(target, target),
    ];
    for (const body of bad) {
      const answer = await api.create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await flowRowsOf(server, target)).toEqual([]);
    expect(ok(await api.list({ projectId: target })).data).toEqual([]);
  });
});

async function seededProject(): Promise<string> {
  const project = await teamProject(server, admin.token, false);
  await buildFlow(server, admin.token, project, 'seed', [code('step_1', 'return 1;')]);
  return project;
}
