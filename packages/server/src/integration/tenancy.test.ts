/**
 * Tenancy, through the client: a user of another platform gets 404 on every route that takes an id
 * (and on every route that names a project of another platform); a MEMBER of another project of
 * the same platform gets 403; neither changes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, isApiError, type PieceworkClient } from '@piecework/client';
import { ALL_ENDPOINTS } from '@piecework/shared';
import { startTestServer, type TestServer } from '../testing/test-server';
import {
  connectMcpClient,
  pkcePair,
  registeredMcpClient,
  startAuthorization,
} from '../testing/mcp-oauth-client';
import { addTestUser, signUpTestUser } from '../testing/test-users';
import { agentStep } from '../testing/features/agent-test-kit';
import { webhookTrigger } from '../testing/features/flow-test-kit';

let server: TestServer;
let owner: PieceworkClient;
let stranger: PieceworkClient;
let member: PieceworkClient;
const ids = {
  project: '',
  flow: '',
  folder: '',
  connection: '',
  apiKey: '',
  platform: '',
  run: '',
  version: '',
  oauthApp: '',
  user: '',
  projectMember: '',
  projectRole: '',
  invitation: '',
  alert: '',
  signingKey: '',
  mcpGrant: '',
  mcpAuthRequest: '',
  mcpServer: '',
  table: '',
  field: '',
  record: '',
  tableWebhook: '',
  template: '',
  release: '',
  gitRepo: '',
  eventDestination: '',
  globalConnection: '',
  aiProvider: '',
  agentRun: '',
  testCase: '',
  session: '',
};

beforeAll(async () => {
  server = await startTestServer();
  const ownerUser = await signUpTestUser(server);
  owner = createPieceworkClient({ baseUrl: server.url, token: ownerUser.token });
  const project = await owner.projects.create({ displayName: 'Payroll' });
  const other = await owner.projects.create({ displayName: 'Marketing' });
  ids.project = project.id;
  const flow = await owner.flows.create({ displayName: 'Pay', projectId: project.id });
  ids.flow = flow.id;
  ids.version = flow.version.id;
  ids.platform = ownerUser.platformId;
  ids.run = (await owner.flowRuns.test({ projectId: project.id, flowVersionId: flow.version.id })).id;
  ids.agentRun = await makeAgentRun(project.id);
  ids.testCase = (await owner.flowTests.create(ids.flow, { displayName: 'Pay check', triggerOutput: {} })).id;
  ids.folder = (await owner.folders.create({ displayName: 'Monthly', projectId: project.id })).id;
  ids.connection = (
    await owner.appConnections.upsert({
      externalId: 'bank',
      displayName: 'Bank',
      pieceName: '@activepieces/piece-http',
      projectId: project.id,
      type: 'SECRET_TEXT',
      value: { type: 'SECRET_TEXT', secret_text: 'hunter2' },
    })
  ).id;
  ids.globalConnection = (
    await owner.globalConnections.upsert({
      externalId: 'payroll-bank',
      displayName: 'Payroll bank',
      pieceName: '@activepieces/piece-http',
      type: 'SECRET_TEXT',
      value: { type: 'SECRET_TEXT', secret_text: 'hunter3' },
      projectIds: [project.id],
    })
  ).id;
  ids.apiKey = (await owner.apiKeys.create({ displayName: 'CI' })).id;
  ids.signingKey = (await owner.signingKeys.create({ displayName: 'Host app' })).id;
  await owner.embedding.addAllowedOrigins({ allowedEmbedOrigins: ['https://payroll.example'] });
  ids.oauthApp = (
    await owner.oauthApps.upsert({
      pieceName: '@activepieces/piece-http',
      clientId: 'app',
      clientSecret: 's3',
    })
  ).id;
  ids.projectRole = (
    await owner.projectRoles.create({ name: 'Payroll clerk', permissions: ['READ_FLOW'] })
  ).id;
  const clerk = await addTestUser(server, ownerUser.platformId, 'MEMBER', [
    { projectId: project.id, role: 'Payroll clerk' },
  ]);
  ids.user = clerk.userId;
  ids.session = (await owner.sessions.list()).data[0]!.id;
  ids.projectMember = (await owner.projectMembers.list({ projectId: project.id })).data[0]!.id;
  ids.invitation = (
    await owner.userInvitations.create({
      type: 'PROJECT',
      email: 'payroll-clerk@example.com',
      projectId: project.id,
      projectRole: 'Editor',
    })
  ).id;
  ids.alert = (
    await owner.alerts.create({ projectId: project.id, channel: 'EMAIL', receiver: 'payroll@example.com' })
  ).id;
  const mcpClient = await registeredMcpClient(server);
  const { tokens } = await connectMcpClient(
    server,
    { token: ownerUser.token, projectId: project.id },
    { client: mcpClient },
  );
  ids.mcpGrant = (await server.server.context.mcpAccessTokens.verify(tokens.access_token))!.grantId;
  ids.mcpAuthRequest = await startAuthorization(server, mcpClient, pkcePair().challenge);
  ids.mcpServer = (await owner.mcpServers.get({ projectId: project.id })).id;
  ids.table = (
    await owner.tables.create({
      projectId: project.id,
      name: 'Salaries',
      fields: [{ name: 'Pay', type: 'NUMBER' }],
    })
  ).id;
  ids.field = (await owner.fields.list({ tableId: ids.table }))[0]!.id;
  ids.record = (
    await owner.records.create({ tableId: ids.table, records: [[{ fieldId: ids.field, value: 100 }]] })
  )[0]!.id;
  ids.tableWebhook = (
    await owner.tableWebhooks.create(ids.table, {
      events: ['RECORD_CREATED'],
      webhookUrl: 'https://hooks.example.com/payslips',
      flowId: flow.id,
    })
  ).id;
  ids.template = (await owner.templates.create({ name: 'Payroll run', type: 'CUSTOM' })).id;
  await owner.projects.update(project.id, { releasesEnabled: true });
  ids.release = (
    await owner.projectReleases.create({
      projectId: project.id,
      type: 'FILE',
      // The project's own state: this release changes nothing.
      state: await owner.projectReleases.exportState({ projectId: project.id }),
      name: 'Payroll v1',
    })
  ).id;
  ids.gitRepo = (
    await owner.gitRepos.configure({
      projectId: project.id,
      remoteUrl: 'git@git.example.com:payroll/flows.git',
      branch: 'main',
      branchType: 'DEVELOPMENT',
      slug: 'payroll',
    })
  ).id;
  ids.eventDestination = (
    await owner.eventDestinations.create({ url: 'https://payroll.example/events', enabled: false })
  ).id;
  ids.aiProvider = (
    await owner.aiProviders.create({
      provider: 'openai',
      displayName: 'Payroll OpenAI',
      config: {},
      auth: { apiKey: 'sk-payroll' },
    })
  ).id;
  const strangerUser = await signUpTestUser(server);
  stranger = createPieceworkClient({ baseUrl: server.url, token: strangerUser.token });
  const memberUser = await addTestUser(server, ownerUser.platformId, 'MEMBER', [
    { projectId: other.id, role: 'Admin' },
  ]);
  member = createPieceworkClient({ baseUrl: server.url, token: memberUser.token });
  // 60 s: the set-up makes an entity of every kind, slow on a crowded 2-core machine.
}, 120_000);
afterAll(() => server.close());

/**
 * A real agent run of the owner's `projectId`: a test run of a second flow whose agent step names
 * a provider the platform lacks (Anthropic), so its agent fails at once, asking no outside service.
 */
async function makeAgentRun(projectId: string): Promise<string> {
  const flow = await owner.flows.create({ displayName: 'Payroll agent', projectId });
  await owner.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  await owner.flows.update(flow.id, {
    type: 'ADD_ACTION',
    request: {
      parentStep: 'trigger',
      action: agentStep({ aiProviderModel: { provider: 'anthropic', model: 'claude-sonnet-4-5' } }),
    },
  });
  const run = await owner.flowRuns.test({ projectId, flowVersionId: flow.version.id });
  for (let attempt = 0; attempt < 500; attempt++) {
    const [agentRun] = (await owner.agentRuns.list({ projectId, flowRunId: run.id })).data;
    if (agentRun?.status === 'FAILED') return agentRun.id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the agent run did not fail in 10 s');
}

/** Every route that takes an id or names a project, called against the owner's entities. */
const calls: Record<string, (client: PieceworkClient) => Promise<unknown>> = {
  'projects.get': (c) => c.projects.get(ids.project),
  'impact.project': (c) => c.impact.project(ids.project, { from: '2026-11-01', to: '2026-11-07' }),
  'projects.update': (c) => c.projects.update(ids.project, { displayName: 'Hijacked' }),
  'projects.delete': (c) => c.projects.delete(ids.project),
  'flows.get': (c) => c.flows.get(ids.flow),
  'flows.update': (c) =>
    c.flows.update(ids.flow, { type: 'CHANGE_NAME', request: { displayName: 'Hijacked' } }),
  'flows.delete': (c) => c.flows.delete(ids.flow),
  'flows.listVersions': (c) => c.flows.listVersions(ids.flow),
  'flows.getTemplate': (c) => c.flows.getTemplate(ids.flow),
  'flowTests.list': (c) => c.flowTests.list(ids.flow),
  'flowTests.create': (c) => c.flowTests.create(ids.flow, { displayName: 'Planted', triggerOutput: {} }),
  'flowTests.createFromRun': (c) => c.flowTests.createFromRun(ids.flow, { runId: ids.run }),
  'flowTests.update': (c) => c.flowTests.update(ids.testCase, { displayName: 'Hijacked' }),
  'flowTests.delete': (c) => c.flowTests.delete(ids.testCase),
  'flowTests.run': (c) => c.flowTests.run(ids.flow, {}),
  'flowTests.replay': (c) => c.flowTests.replay(ids.flow, {}),
  'templates.get': (c) => c.templates.get(ids.template),
  'templates.update': (c) => c.templates.update(ids.template, { name: 'Hijacked' }),
  'templates.delete': (c) => c.templates.delete(ids.template),
  'templates.use': (c) => c.templates.use(ids.template, { projectId: ids.project }),
  'templates.fromFlows': (c) =>
    c.templates.fromFlows({ projectId: ids.project, flowIds: [ids.flow], name: 'Stolen' }),
  'flows.list': (c) => c.flows.list({ projectId: ids.project }),
  'flows.count': (c) => c.flows.count({ projectId: ids.project }),
  'flows.create': (c) => c.flows.create({ displayName: 'Planted', projectId: ids.project }),
  'folders.get': (c) => c.folders.get(ids.folder),
  'folders.update': (c) => c.folders.update(ids.folder, { displayName: 'Hijacked' }),
  'folders.delete': (c) => c.folders.delete(ids.folder),
  'folders.list': (c) => c.folders.list({ projectId: ids.project }),
  'folders.create': (c) => c.folders.create({ displayName: 'Planted', projectId: ids.project }),
  'appConnections.update': (c) => c.appConnections.update(ids.connection, { displayName: 'Hijacked' }),
  'appConnections.delete': (c) => c.appConnections.delete(ids.connection),
  'appConnections.list': (c) => c.appConnections.list({ projectId: ids.project }),
  'appConnections.upsert': (c) =>
    c.appConnections.upsert({
      externalId: 'bank',
      displayName: 'Planted',
      pieceName: '@activepieces/piece-http',
      projectId: ids.project,
      type: 'SECRET_TEXT',
      value: { type: 'SECRET_TEXT', secret_text: 'stolen' },
    }),
  'appConnections.oauth2AuthorizationUrl': (c) =>
    c.appConnections.oauth2AuthorizationUrl({
      pieceName: '@activepieces/piece-http',
      connectionType: 'OAUTH2',
      projectId: ids.project,
      clientId: 'app',
      redirectUrl: 'https://example.com/redirect',
    }),
  'apiKeys.delete': (c) => c.apiKeys.delete(ids.apiKey),
  'signingKeys.get': (c) => c.signingKeys.get(ids.signingKey),
  'signingKeys.delete': (c) => c.signingKeys.delete(ids.signingKey),
  'oauthApps.delete': (c) => c.oauthApps.delete(ids.oauthApp),
  'platforms.get': (c) => c.platforms.get(ids.platform),
  'platforms.update': (c) => c.platforms.update(ids.platform, { credits: 0 }),
  'flowRuns.list': (c) => c.flowRuns.list({ projectId: ids.project }),
  'flowRuns.get': (c) => c.flowRuns.get(ids.run),
  'flowRuns.retry': (c) =>
    c.flowRuns.retry(ids.run, { projectId: ids.project, strategy: 'ON_LATEST_VERSION' }),
  'flowRuns.cancel': (c) => c.flowRuns.cancel({ projectId: ids.project, flowRunIds: [ids.run] }),
  'flowRuns.retryMany': (c) =>
    c.flowRuns.retryMany({ projectId: ids.project, flowRunIds: [ids.run], strategy: 'ON_LATEST_VERSION' }),
  'flowRuns.archive': (c) => c.flowRuns.archive({ projectId: ids.project, flowRunIds: [ids.run] }),
  'flowRuns.test': (c) => c.flowRuns.test({ projectId: ids.project, flowVersionId: ids.version }),
  'flowRuns.storageUsage': (c) => c.flowRuns.storageUsage({ projectId: ids.project }),
  'triggers.test': (c) =>
    c.triggers.test({
      projectId: ids.project,
      flowId: ids.flow,
      flowVersionId: ids.version,
      testStrategy: 'SIMULATION',
    }),
  'sampleData.get': (c) =>
    c.sampleData.get({
      projectId: ids.project,
      flowId: ids.flow,
      flowVersionId: ids.version,
      stepName: 'trigger',
      type: 'OUTPUT',
    }),
  'sampleData.testStep': (c) =>
    c.sampleData.testStep({ projectId: ids.project, flowVersionId: ids.version, stepName: 'step_1' }),
  'userInvitations.create': (c) =>
    c.userInvitations.create({
      type: 'PROJECT',
      email: 'planted@example.com',
      projectId: ids.project,
      projectRole: 'Admin',
    }),
  'alerts.create': (c) =>
    c.alerts.create({ projectId: ids.project, channel: 'EMAIL', receiver: 'planted@example.com' }),
  'alerts.list': (c) => c.alerts.list({ projectId: ids.project }),
  'alerts.delete': (c) => c.alerts.delete(ids.alert),
  'mcpOAuth.approve': (c) =>
    c.mcpOAuth.approve({ authRequestId: ids.mcpAuthRequest, projectId: ids.project }),
  'mcpOAuth.listGrants': (c) => c.mcpOAuth.listGrants({ projectId: ids.project }),
  'mcpOAuth.revokeGrant': (c) => c.mcpOAuth.revokeGrant(ids.mcpGrant),
  'mcpServers.get': (c) => c.mcpServers.get({ projectId: ids.project }),
  'mcpServers.update': (c) => c.mcpServers.update(ids.mcpServer, { status: 'DISABLED' }),
  'mcpServers.rotate': (c) => c.mcpServers.rotate(ids.mcpServer),
  'projectReleases.exportState': (c) => c.projectReleases.exportState({ projectId: ids.project }),
  'projectReleases.diff': (c) =>
    c.projectReleases.diff({ projectId: ids.project, type: 'ROLLBACK', projectReleaseId: ids.release }),
  'projectReleases.create': (c) =>
    c.projectReleases.create({
      projectId: ids.project,
      type: 'ROLLBACK',
      projectReleaseId: ids.release,
      name: 'Hijacked',
    }),
  'projectReleases.list': (c) => c.projectReleases.list({ projectId: ids.project }),
  'projectReleases.get': (c) => c.projectReleases.get(ids.release),
  'gitRepos.configure': (c) =>
    c.gitRepos.configure({
      projectId: ids.project,
      remoteUrl: 'git@evil.example.com:hijack/flows.git',
      branch: 'main',
      branchType: 'DEVELOPMENT',
      slug: 'hijacked',
    }),
  'gitRepos.list': (c) => c.gitRepos.list({ projectId: ids.project }),
  'gitRepos.push': (c) =>
    c.gitRepos.push(ids.gitRepo, { type: 'PUSH_EVERYTHING', commitMessage: 'Hijacked' }),
  'gitRepos.delete': (c) => c.gitRepos.delete(ids.gitRepo),
  'userInvitations.list': (c) => c.userInvitations.list({ projectId: ids.project }),
  'userInvitations.delete': (c) => c.userInvitations.delete(ids.invitation),
  'pieces.list': (c) => c.pieces.list({ projectId: ids.project }),
  'pieces.get': (c) => c.pieces.get({ name: '@activepieces/piece-http' }, { projectId: ids.project }),
  'pieces.getScoped': (c) =>
    c.pieces.getScoped({ scope: '@activepieces', name: 'piece-http' }, { projectId: ids.project }),
  'pieces.options': (c) =>
    c.pieces.options({
      projectId: ids.project,
      pieceName: '@activepieces/piece-http',
      pieceVersion: '0.9.1',
      actionOrTriggerName: 'send_request',
      propertyName: 'authFields',
      input: { auth: "{{connections['bank']}}", authType: 'BASIC' },
    }),
  'users.update': (c) => c.users.update(ids.user, { platformRole: 'ADMIN' }),
  'users.delete': (c) => c.users.delete(ids.user),
  'scim.getUser': (c) => c.scim.getUser(ids.user),
  'scim.replaceUser': (c) => c.scim.replaceUser(ids.user, { userName: 'hijacked@example.com' }),
  'scim.patchUser': (c) =>
    c.scim.patchUser(ids.user, { Operations: [{ op: 'replace', path: 'active', value: false }] }),
  'scim.deleteUser': (c) => c.scim.deleteUser(ids.user),
  'scim.getGroup': (c) => c.scim.getGroup(ids.project),
  'scim.replaceGroup': (c) => c.scim.replaceGroup(ids.project, { displayName: 'Hijacked' }),
  'scim.patchGroup': (c) =>
    c.scim.patchGroup(ids.project, {
      Operations: [{ op: 'replace', path: 'displayName', value: 'Hijacked' }],
    }),
  'scim.deleteGroup': (c) => c.scim.deleteGroup(ids.project),
  'sessions.revoke': (c) => c.sessions.revoke(ids.session),
  'sessions.endForUser': (c) => c.sessions.endForUser(ids.user),
  'projectMembers.list': (c) => c.projectMembers.list({ projectId: ids.project }),
  'projectMembers.role': (c) => c.projectMembers.role({ projectId: ids.project }),
  'projectMembers.update': (c) => c.projectMembers.update(ids.projectMember, { role: 'Admin' }),
  'projectMembers.delete': (c) => c.projectMembers.delete(ids.projectMember),
  'projectRoles.get': (c) => c.projectRoles.get(ids.projectRole),
  'projectRoles.update': (c) =>
    c.projectRoles.update(ids.projectRole, { name: 'Hijacked', permissions: ['WRITE_FLOW'] }),
  'projectRoles.delete': (c) => c.projectRoles.delete(ids.projectRole),
  'tables.create': (c) => c.tables.create({ projectId: ids.project, name: 'Planted' }),
  'tables.list': (c) => c.tables.list({ projectId: ids.project }),
  'tables.get': (c) => c.tables.get(ids.table),
  'tables.update': (c) => c.tables.update(ids.table, { name: 'Hijacked' }),
  'tables.delete': (c) => c.tables.delete(ids.table),
  'tables.export': (c) => c.tables.export(ids.table),
  'tables.exportCsv': (c) => c.tables.exportCsv(ids.table),
  'tables.import': (c) => c.tables.import(ids.table, 'Pay\n1000000\n'),
  'fields.create': (c) => c.fields.create({ tableId: ids.table, name: 'Planted', type: 'TEXT' }),
  'fields.list': (c) => c.fields.list({ tableId: ids.table }),
  'fields.get': (c) => c.fields.get(ids.field),
  'fields.update': (c) => c.fields.update(ids.field, { name: 'Hijacked' }),
  'fields.delete': (c) => c.fields.delete(ids.field),
  'records.create': (c) =>
    c.records.create({ tableId: ids.table, records: [[{ fieldId: ids.field, value: 'planted' }]] }),
  'records.list': (c) => c.records.list({ tableId: ids.table }),
  'records.get': (c) => c.records.get(ids.record),
  'records.update': (c) =>
    c.records.update(ids.record, { tableId: ids.table, cells: [{ fieldId: ids.field, value: 0 }] }),
  'records.delete': (c) => c.records.delete({ tableId: ids.table, ids: [ids.record] }),
  'tableWebhooks.create': (c) =>
    c.tableWebhooks.create(ids.table, {
      events: ['RECORD_DELETED'],
      webhookUrl: 'https://planted.example.com/hook',
      flowId: ids.flow,
    }),
  'tableWebhooks.delete': (c) => c.tableWebhooks.delete({ id: ids.table, webhookId: ids.tableWebhook }),
  'eventDestinations.get': (c) => c.eventDestinations.get(ids.eventDestination),
  'eventDestinations.update': (c) =>
    c.eventDestinations.update(ids.eventDestination, { url: 'https://hijacked.example/events' }),
  'eventDestinations.delete': (c) => c.eventDestinations.delete(ids.eventDestination),
  'eventDestinations.test': (c) => c.eventDestinations.test(ids.eventDestination),
  'eventDestinations.listDeliveries': (c) => c.eventDestinations.listDeliveries(ids.eventDestination),
  'globalConnections.update': (c) =>
    c.globalConnections.update(ids.globalConnection, { displayName: 'Hijacked', projectIds: [] }),
  'globalConnections.delete': (c) => c.globalConnections.delete(ids.globalConnection),
  'aiProviders.update': (c) => c.aiProviders.update(ids.aiProvider, { displayName: 'Hijacked' }),
  'aiProviders.delete': (c) => c.aiProviders.delete(ids.aiProvider),
  'agentRuns.list': (c) => c.agentRuns.list({ projectId: ids.project }),
  'agentRuns.get': (c) => c.agentRuns.get(ids.agentRun),
  'stuckRuns.getFlowLimits': (c) => c.stuckRuns.getFlowLimits(ids.flow),
  'stuckRuns.updateFlowLimits': (c) =>
    c.stuckRuns.updateFlowLimits(ids.flow, { queuedMinutes: 1, runningMinutes: 1, pausedMinutes: 1 }),
  'stuckRuns.list': (c) => c.stuckRuns.list({ projectId: ids.project }),
  'stuckRuns.end': (c) =>
    c.stuckRuns.end({ projectId: ids.project, flowRunIds: [ids.run], reason: 'Hijacked' }),
};

/**
 * What a MEMBER of another project of the same platform may do anyway: read its platform and its
 * project roles, ask its own role in a project (none: null), and read its platform's templates.
 */
const allowedToMembers = new Set([
  // Another user's session is 404 to anyone: there is no permission to hold.
  'sessions.revoke',
  'platforms.get',
  'projectRoles.get',
  'projectMembers.role',
  'templates.get',
]);

async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (isApiError(error)) return error.status;
    throw error;
  }
}

describe('tenancy', () => {
  it('covers every route that takes an id or a projectId', () => {
    const scoped = ALL_ENDPOINTS.filter((endpoint) => {
      const shape = [endpoint.params, endpoint.query, endpoint.body].map((schema) =>
        schema === undefined ? '' : JSON.stringify(Object.keys((schema as { shape?: object }).shape ?? {})),
      );
      const scopedByRequest =
        endpoint.path.includes(':id') ||
        shape.some((keys) => keys.includes('"projectId"')) ||
        endpoint.access.kind === 'project';
      return endpoint.auth === 'principal' && scopedByRequest;
    }).map((endpoint) => endpoint.operationId);
    expect(Object.keys(calls).sort()).toEqual(scoped.filter((id) => id !== 'auditEvents.list').sort());
  });

  it.each(Object.entries(calls))('answers %s of another platform with 404', async (_, call) => {
    expect(await statusOf(call(stranger))).toBe(404);
  });

  it.each(Object.entries(calls).filter(([id]) => !allowedToMembers.has(id)))(
    'answers %s by a MEMBER of another project with 403',
    async (_, call) => {
      expect(await statusOf(call(member))).toBe(403);
    },
  );

  it('sees nothing of the other tenant in lists, and nothing was changed', async () => {
    const strangerProjects = await stranger.projects.list();
    expect(strangerProjects.data.map((project) => project.id)).not.toContain(ids.project);
    const strangerEvents = await stranger.auditEvents.list();
    expect(strangerEvents.data.every((event) => event.projectId === undefined)).toBe(true);
    expect((await owner.projects.get(ids.project)).displayName).toBe('Payroll');
    const flow = await owner.flows.get(ids.flow);
    expect(flow.version.displayName).toBe('Pay');
    expect((await owner.flowTests.list(ids.flow)).map((testCase) => testCase.displayName)).toEqual([
      'Pay check',
    ]);
    expect((await owner.folders.get(ids.folder)).displayName).toBe('Monthly');
    expect((await owner.templates.get(ids.template)).name).toBe('Payroll run');
    expect((await stranger.templates.list()).data.map((template) => template.id)).not.toContain(ids.template);
    const connections = await owner.appConnections.list({ projectId: ids.project, scope: 'PROJECT' });
    expect(connections.data.map((connection) => connection.displayName)).toEqual(['Bank']);
    const globals = await owner.globalConnections.list();
    expect(globals.data.map((connection) => [connection.displayName, connection.projectIds])).toEqual([
      ['Payroll bank', [ids.project]],
    ]);
    expect((await stranger.globalConnections.list()).data).toEqual([]);
    expect((await owner.aiProviders.list()).map((provider) => [provider.id, provider.name])).toEqual([
      [ids.aiProvider, 'Payroll OpenAI'],
    ]);
    expect(await stranger.aiProviders.list()).toEqual([]);
    expect((await owner.flows.list({ projectId: ids.project })).data).toHaveLength(2);
    const agentRuns = await owner.agentRuns.list({ projectId: ids.project });
    expect(agentRuns.data.map((agentRun) => agentRun.id)).toEqual([ids.agentRun]);
    expect((await stranger.agentRuns.list({ projectId: strangerProjects.data[0]!.id })).data).toEqual([]);
    expect((await owner.projectReleases.list({ projectId: ids.project })).data.map((r) => r.name)).toEqual([
      'Payroll v1',
    ]);
    expect((await owner.folders.list({ projectId: ids.project })).data).toHaveLength(1);
    expect((await owner.gitRepos.list({ projectId: ids.project })).data).toEqual([
      expect.objectContaining({ id: ids.gitRepo, remoteUrl: 'git@git.example.com:payroll/flows.git' }),
    ]);
    expect((await owner.apiKeys.list()).data.map((key) => key.id)).toEqual([ids.apiKey]);
    expect((await owner.signingKeys.list()).data.map((key) => key.id)).toEqual([ids.signingKey]);
    expect((await stranger.signingKeys.list()).data).toEqual([]);
    // Platform-wide embedding calls of another platform act on its own platform only.
    await stranger.embedding.addAllowedOrigins({ allowedEmbedOrigins: ['https://stranger.example'] });
    await stranger.embedding.removeAllowedOrigins({ allowedEmbedOrigins: ['https://payroll.example'] });
    expect(await stranger.embedding.listAllowedOrigins()).toEqual({
      allowedEmbedOrigins: ['https://stranger.example'],
    });
    expect(await owner.embedding.listAllowedOrigins()).toEqual({
      allowedEmbedOrigins: ['https://payroll.example'],
    });
    expect((await owner.oauthApps.list()).data.map((app) => app.id)).toEqual([ids.oauthApp]);
    const members = await owner.projectMembers.list({ projectId: ids.project });
    expect(members.data.map((entry) => [entry.id, entry.projectRole.name, entry.user.platformRole])).toEqual([
      [ids.projectMember, 'Payroll clerk', 'MEMBER'],
    ]);
    expect(await owner.projectRoles.get(ids.projectRole)).toMatchObject({
      name: 'Payroll clerk',
      permissions: ['READ_FLOW'],
    });
    const invitations = await owner.userInvitations.list({ projectId: ids.project });
    expect(invitations.data.map((invitation) => invitation.id)).toEqual([ids.invitation]);
    const grants = await owner.mcpOAuth.listGrants({ projectId: ids.project });
    expect(grants.data.map((grant) => grant.id)).toEqual([ids.mcpGrant]);
    expect((await owner.tables.list({ projectId: ids.project })).data.map((table) => table.name)).toEqual([
      'Salaries',
    ]);
    expect((await owner.fields.list({ tableId: ids.table })).map((field) => field.name)).toEqual(['Pay']);
    const records = await owner.records.list({ tableId: ids.table });
    expect(records.data.map((record) => [record.id, record.cells[ids.field]?.value])).toEqual([
      [ids.record, '100'],
    ]);
    expect(await owner.eventDestinations.get(ids.eventDestination)).toMatchObject({
      url: 'https://payroll.example/events',
    });
    expect((await stranger.eventDestinations.list()).data).toEqual([]);
  });
});
