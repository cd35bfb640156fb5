/**
 * Every endpoint of ENDPOINTS against every kind of caller: the access each endpoint declares is
 * what the server enforces. Allowed callers get a 2xx (or the one answer the endpoint's own rules
 * give, named below); denied ones get 403, or 404 for what belongs to another platform; and a
 * denied request changes nothing in the database. An endpoint added without a row here fails.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLE_PERMISSIONS,
  ENDPOINTS,
  type Endpoint,
  type EndpointAccess,
  type Permission,
  type PopulatedFlow,
} from '@piecework/shared';
import { callApi } from '../testing/call-api';
import { startTestServer, type TestServer } from '../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../testing/test-users';
import { addAction, codeStep, expectStatus, flowsApi, webhookTrigger } from '../modules/flows/flow-test-kit';
import {
  connectMcpClient,
  pkcePair,
  registeredMcpClient,
  startAuthorization,
} from '../testing/mcp-oauth-client';

/** The kinds of caller every endpoint is tried with. */
const CALLERS = [
  'admin',
  'editor',
  'viewer',
  'customRole',
  'operator',
  'memberOfAnotherProject',
  'apiKey',
  'anotherPlatform',
] as const;
type Caller = (typeof CALLERS)[number];

/** The permissions of the custom role the `customRole` caller holds on the team project. */
const CUSTOM_ROLE_PERMISSIONS: readonly Permission[] = [
  'READ_FLOW',
  'WRITE_FLOW',
  'READ_RUN',
  'READ_PROJECT',
];

/** The endpoints anyone may call without a token; making another one public fails this test. */
const PUBLIC_ENDPOINTS = new Set([
  'platform.health',
  'platform.flags',
  'platform.openApi',
  'authentication.signUp',
  'authentication.signIn',
  'authentication.requestOtp',
  'authentication.verifyEmail',
  'authentication.resetPassword',
  'userInvitations.accept',
  'federatedAuthn.login',
  'federatedAuthn.claim',
  'managedAuthn.externalToken',
  'flowRuns.resume',
  'flowRuns.resumeSync',
  'webhooks.trigger',
  'webhooks.triggerSync',
  'webhooks.draft',
  'webhooks.draftSync',
  'webhooks.test',
  'pieces.categories',
  'triggers.appEvent',
]);

/** What the test set up: platform A with its team project and callers, and platform B. */
interface World {
  server: TestServer;
  admin: TestUser;
  tokens: Record<Caller, string>;
  platformId: string;
  /** The TEAM project of platform A every project-scoped call acts on. */
  projectId: string;
  /** A published flow of the team project with a webhook trigger and a code step. */
  flow: PopulatedFlow;
  /** A finished production run of {@link flow}. */
  runId: string;
}

/** One request of an endpoint: its path parameters, query and body. */
interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /**
   * True when the call names nothing of platform A (a list, a create): a caller of another
   * platform then acts on its own platform. Otherwise it is 404 for that caller.
   */
  platformWide?: boolean;
  /** The answer allowed callers get when it is not a 2xx, by the endpoint's own rules (say why). */
  allowedStatus?: number;
  /** Callers the access check lets through but the endpoint's own rules refuse with 403 (say why). */
  refusedCallers?: readonly Caller[];
}

type Fixture = (world: World) => Promise<Call>;

let unique = 0;
const name = (prefix: string) => `${prefix} ${String((unique += 1))}`;

async function freshFlow(world: World): Promise<PopulatedFlow> {
  return flowsApi(world.server, world.admin.token).createFlow(world.projectId, name('Flow'));
}

async function adminCall<T>(world: World, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(world.server.apiUrl, method, path, { token: world.admin.token, body });
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const freshFolder = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/folders', {
    projectId: world.projectId,
    displayName: name('Folder'),
  });

const freshConnection = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/app-connections', connectionBody(world));

function connectionBody(world: World) {
  return {
    projectId: world.projectId,
    externalId: name('conn').replace(' ', '-'),
    displayName: name('Connection'),
    pieceName: '@activepieces/piece-http',
    type: 'SECRET_TEXT',
    value: { type: 'SECRET_TEXT', secret_text: 'shh' },
  };
}

async function freshMember(world: World): Promise<string> {
  const user = await addTestUser(world.server, world.platformId, 'MEMBER', [
    { projectId: world.projectId, role: 'Viewer' },
  ]);
  const member = await world.server.server.context.store.db
    .selectFrom('projectMember')
    .select('id')
    .where('userId', '=', user.userId)
    .executeTakeFirstOrThrow();
  return member.id;
}

const freshRole = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/project-roles', {
    name: name('Role'),
    permissions: ['READ_FLOW'],
  });

const WEBHOOK_PIECE = '@activepieces/piece-webhook';

const freshSigningKey = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/signing-keys', { displayName: name('Signing') });

/** One signing key of platform A that the read fixtures share (an RSA-4096 pair takes a while). */
let sharedSigningKey: Promise<{ id: string }> | undefined;

/** A signing key of platform A not deleted yet: the last one made, while it lasts. */
let deletableSigningKey: { id: string } | undefined;
async function undeletedSigningKey(world: World): Promise<{ id: string }> {
  const exists =
    deletableSigningKey !== undefined &&
    (await world.server.server.context.store.db
      .selectFrom('signingKey')
      .select('id')
      .where('id', '=', deletableSigningKey.id)
      .executeTakeFirst()) !== undefined;
  if (!exists) deletableSigningKey = await freshSigningKey(world);
  return deletableSigningKey!;
}

/** The one MCP OAuth client of platform A's fixtures (registering is rate-limited per IP). */
let mcpClient: ReturnType<typeof registeredMcpClient> | undefined;

/** A fresh pending authorization of the MCP client (what the consent page reads). */
async function freshAuthRequest(world: World): Promise<string> {
  mcpClient ??= registeredMcpClient(world.server);
  return startAuthorization(world.server, await mcpClient, pkcePair().challenge);
}

/** A fresh grant of the MCP client on the team project, approved by the admin. */
async function freshMcpGrant(world: World): Promise<string> {
  mcpClient ??= registeredMcpClient(world.server);
  const { tokens } = await connectMcpClient(
    world.server,
    { token: world.admin.token, projectId: world.projectId },
    { client: await mcpClient },
  );
  const claims = await world.server.server.context.mcpAccessTokens.verify(tokens.access_token);
  return claims!.grantId;
}
/** The id of the team project's MCP server (made on its first read). */
const mcpServerId = async (world: World) =>
  (await adminCall<{ id: string }>(world, 'GET', `/v1/mcp-servers?projectId=${world.projectId}`)).id;

/** One row per endpoint (`area.name`): how to call it. */
const FIXTURES: Record<string, Fixture> = {
  'apiKeys.create': async () => ({ body: { displayName: name('Key') }, platformWide: true }),
  'apiKeys.list': async () => ({ platformWide: true }),
  'apiKeys.delete': async (w) => ({
    params: {
      id: (await adminCall<{ id: string }>(w, 'POST', '/v1/api-keys', { displayName: name('Key') })).id,
    },
  }),
  'signingKeys.create': async () => ({ body: { displayName: name('Signing') }, platformWide: true }),
  'signingKeys.list': async () => ({ platformWide: true }),
  'signingKeys.get': async (w) => ({ params: { id: (await (sharedSigningKey ??= freshSigningKey(w))).id } }),
  'signingKeys.delete': async (w) => ({ params: { id: (await undeletedSigningKey(w)).id } }),
  'embedding.listAllowedOrigins': async () => ({ platformWide: true }),
  'embedding.addAllowedOrigins': async () => ({
    body: { allowedEmbedOrigins: [`https://${name('site').replace(' ', '')}.example`] },
    platformWide: true,
  }),
  'embedding.removeAllowedOrigins': async () => ({
    body: { allowedEmbedOrigins: ['https://gone.example'] },
    platformWide: true,
  }),
  'projects.create': async () => ({ body: { displayName: name('Project') }, platformWide: true }),
  'projects.list': async () => ({ platformWide: true }),
  'projects.get': async (w) => ({ params: { id: w.projectId } }),
  'projects.update': async (w) => ({ params: { id: w.projectId }, body: { displayName: 'Team' } }),
  'projects.delete': async (w) => ({
    params: {
      id: (await adminCall<{ id: string }>(w, 'POST', '/v1/projects', { displayName: name('P') })).id,
    },
  }),
  'flows.create': async (w) => ({ body: { projectId: w.projectId, displayName: name('Flow') } }),
  'flows.list': async (w) => ({ query: { projectId: w.projectId } }),
  'flows.count': async (w) => ({ query: { projectId: w.projectId } }),
  'flows.get': async (w) => ({ params: { id: w.flow.id } }),
  'flows.update': async (w) => ({
    params: { id: (await freshFlow(w)).id },
    body: addAction(codeStep('step_1')),
  }),
  'flows.delete': async (w) => ({ params: { id: (await freshFlow(w)).id } }),
  'flows.listVersions': async (w) => ({ params: { id: w.flow.id } }),
  'flows.getTemplate': async (w) => ({ params: { id: w.flow.id } }),
  'folders.create': async (w) => ({ body: { projectId: w.projectId, displayName: name('Folder') } }),
  'folders.update': async (w) => ({
    params: { id: (await freshFolder(w)).id },
    body: { displayName: name('F') },
  }),
  'folders.get': async (w) => ({ params: { id: (await freshFolder(w)).id } }),
  'folders.list': async (w) => ({ query: { projectId: w.projectId } }),
  'folders.delete': async (w) => ({ params: { id: (await freshFolder(w)).id } }),
  'platforms.get': async (w) => ({ params: { id: w.platformId } }),
  'platforms.update': async (w) => ({ params: { id: w.platformId }, body: { name: 'Platform A' } }),
  'flowRuns.list': async (w) => ({ query: { projectId: w.projectId } }),
  'flowRuns.get': async (w) => ({ params: { id: w.runId } }),
  'flowRuns.retry': async (w) => ({
    params: { id: w.runId },
    body: { projectId: w.projectId, strategy: 'ON_LATEST_VERSION' },
  }),
  'flowRuns.cancel': async (w) => ({ body: { projectId: w.projectId, flowRunIds: [w.runId] } }),
  'flowRuns.test': async (w) => ({ body: { projectId: w.projectId, flowVersionId: w.flow.version.id } }),
  'auditEvents.list': async () => ({ platformWide: true }),
  'pieces.list': async (w) => ({ query: { projectId: w.projectId } }),
  'pieces.get': async (w) => ({ params: { name: WEBHOOK_PIECE }, query: { projectId: w.projectId } }),
  'pieces.getScoped': async (w) => ({
    params: { scope: '@activepieces', name: 'piece-webhook' },
    query: { projectId: w.projectId },
  }),
  'pieces.listVersions': async () => ({ params: { name: WEBHOOK_PIECE }, platformWide: true }),
  'pieces.listScopedVersions': async () => ({
    params: { scope: '@activepieces', name: 'piece-webhook' },
    platformWide: true,
  }),
  'pieces.options': async (w) => ({
    body: {
      projectId: w.projectId,
      pieceName: WEBHOOK_PIECE,
      pieceVersion: '0.1.29',
      actionOrTriggerName: 'catch_webhook',
      propertyName: 'no_such_property',
      input: {},
    },
    // The webhook piece has no property with options: the endpoint's own answer once allowed.
    allowedStatus: 404,
  }),
  'pieces.install': async () => ({
    body: { pieceName: WEBHOOK_PIECE },
    platformWide: true,
    // A built-in piece cannot be installed from npm: the endpoint's rule once allowed.
    allowedStatus: 409,
  }),
  'pieces.delete': async () => ({
    params: { name: WEBHOOK_PIECE },
    query: { version: '0.1.29' },
    platformWide: true,
    // A built-in piece cannot be removed: the endpoint's rule once allowed.
    allowedStatus: 409,
  }),
  'appConnections.upsert': async (w) => ({ body: connectionBody(w) }),
  'appConnections.update': async (w) => ({
    params: { id: (await freshConnection(w)).id },
    body: { displayName: name('Renamed') },
  }),
  'appConnections.list': async (w) => ({ query: { projectId: w.projectId } }),
  'appConnections.delete': async (w) => ({ params: { id: (await freshConnection(w)).id } }),
  'appConnections.oauth2AuthorizationUrl': async (w) => ({
    body: {
      projectId: w.projectId,
      pieceName: '@activepieces/piece-http',
      connectionType: 'OAUTH2',
      clientId: 'client',
      redirectUrl: 'https://example.com/redirect',
    },
    // The HTTP piece has no OAuth2 auth: the endpoint's own refusal once allowed.
    allowedStatus: 400,
  }),
  'oauthApps.list': async () => ({ platformWide: true }),
  'oauthApps.upsert': async () => ({
    body: { pieceName: '@activepieces/piece-http', clientId: 'client', clientSecret: 'secret' },
    platformWide: true,
  }),
  'oauthApps.delete': async () => ({
    params: { id: 'a'.repeat(21) },
    platformWide: true,
    // No such app on the caller's platform: the endpoint's own answer once allowed.
    allowedStatus: 404,
  }),
  'users.list': async () => ({ platformWide: true }),
  'users.update': async (w) => ({
    params: { id: (await addTestUser(w.server, w.platformId, 'MEMBER')).userId },
    body: { status: 'ACTIVE' },
  }),
  'users.delete': async (w) => ({
    params: { id: (await addTestUser(w.server, w.platformId, 'MEMBER')).userId },
  }),
  'projectMembers.list': async (w) => ({ query: { projectId: w.projectId } }),
  'projectMembers.role': async (w) => ({ query: { projectId: w.projectId } }),
  'projectMembers.update': async (w) => ({ params: { id: await freshMember(w) }, body: { role: 'Editor' } }),
  'projectMembers.delete': async (w) => ({ params: { id: await freshMember(w) } }),
  'projectRoles.list': async () => ({ platformWide: true }),
  'projectRoles.get': async (w) => ({ params: { id: (await freshRole(w)).id } }),
  'projectRoles.create': async () => ({
    body: { name: name('Role'), permissions: ['READ_FLOW'] },
    platformWide: true,
  }),
  'projectRoles.update': async (w) => ({
    params: { id: (await freshRole(w)).id },
    body: { name: name('Role'), permissions: ['READ_FLOW', 'READ_RUN'] },
  }),
  'projectRoles.delete': async (w) => ({ params: { id: (await freshRole(w)).id } }),
  'alerts.create': async (w) => ({
    body: {
      projectId: w.projectId,
      channel: 'EMAIL',
      receiver: `${name('ops').replace(' ', '')}@example.com`,
    },
  }),
  'userInvitations.create': async (w) => ({
    body: {
      type: 'PROJECT',
      email: `${name('invitee').replace(' ', '')}@example.com`,
      projectId: w.projectId,
      projectRole: 'Viewer',
    },
  }),
  'userInvitations.list': async (w) => ({ query: { type: 'PROJECT', projectId: w.projectId } }),
  'userInvitations.delete': async (w) => ({
    params: {
      id: (
        await adminCall<{ id: string }>(w, 'POST', '/v1/user-invitations', {
          type: 'PROJECT',
          email: `${name('invitee').replace(' ', '')}@example.com`,
          projectId: w.projectId,
          projectRole: 'Viewer',
        })
      ).id,
    },
  }),
  'alerts.list': async (w) => ({ query: { projectId: w.projectId } }),
  'mcpOAuth.authRequest': async (w) => ({
    query: { authRequestId: await freshAuthRequest(w) },
    platformWide: true,
  }),
  'mcpOAuth.approve': async (w) => ({
    body: { authRequestId: await freshAuthRequest(w), projectId: w.projectId },
    // Consent is a person's: an API key passes the access check but may not approve.
    refusedCallers: ['apiKey'],
  }),
  'mcpOAuth.deny': async (w) => ({ body: { authRequestId: await freshAuthRequest(w) }, platformWide: true }),
  'mcpOAuth.listGrants': async (w) => ({ query: { projectId: w.projectId } }),
  'mcpOAuth.revokeGrant': async (w) => ({ params: { id: await freshMcpGrant(w) } }),
  'alerts.delete': async (w) => ({
    params: {
      id: (
        await adminCall<{ id: string }>(w, 'POST', '/v1/alerts', {
          projectId: w.projectId,
          channel: 'EMAIL',
          receiver: `${name('ops').replace(' ', '')}@example.com`,
        })
      ).id,
    },
  }),
  'mcpServers.get': async (w) => ({ query: { projectId: w.projectId } }),
  'mcpServers.update': async (w) => ({ params: { id: await mcpServerId(w) }, body: { status: 'ENABLED' } }),
  'mcpServers.rotate': async (w) => ({ params: { id: await mcpServerId(w) } }),
  'triggers.test': async (w) => ({
    body: {
      projectId: w.projectId,
      flowId: w.flow.id,
      flowVersionId: w.flow.version.id,
      testStrategy: 'SIMULATION',
    },
  }),
  'sampleData.get': async (w) => ({
    query: {
      projectId: w.projectId,
      flowId: w.flow.id,
      flowVersionId: w.flow.version.id,
      stepName: 'step_1',
      type: 'OUTPUT',
    },
  }),
  'sampleData.testStep': async (w) => {
    const flow = await freshFlow(w);
    const draft = await adminCall<PopulatedFlow>(
      w,
      'POST',
      `/v1/flows/${flow.id}`,
      addAction(codeStep('step_1')),
    );
    return { body: { projectId: w.projectId, flowVersionId: draft.version.id, stepName: 'step_1' } };
  },
};

/** Every endpoint with its `area.name`. */
const ALL_ENDPOINTS = Object.entries(ENDPOINTS).flatMap(([area, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(([key, endpoint]) => ({
    operation: `${area}.${key}`,
    endpoint,
  })),
);

/** The permissions each member caller holds on the team project. */
const MEMBER_PERMISSIONS: Partial<Record<Caller, ReadonlySet<Permission>>> = {
  editor: new Set(DEFAULT_ROLE_PERMISSIONS.Editor),
  viewer: new Set(DEFAULT_ROLE_PERMISSIONS.Viewer),
  customRole: new Set(CUSTOM_ROLE_PERMISSIONS),
  memberOfAnotherProject: new Set(),
};

/** Whether `caller` may make `call` of an endpoint declared with `access`. */
function allowed(access: EndpointAccess, caller: Caller, call: Call): boolean {
  const admins: readonly Caller[] = ['admin', 'apiKey', 'anotherPlatform'];
  switch (access.kind) {
    case 'public':
    case 'platform':
      return true;
    case 'platformAdmin':
      return admins.includes(caller);
    case 'platformOperator':
      return [...admins, 'operator'].includes(caller);
    case 'serverAdmin':
      return caller === 'admin' || caller === 'apiKey';
    case 'project': {
      if (caller === 'admin' || caller === 'apiKey' || caller === 'operator') return true;
      if (caller === 'anotherPlatform') return false;
      const permission =
        typeof access.permission === 'function'
          ? (access.permission as (body: unknown) => Permission)(call.body)
          : access.permission;
      return MEMBER_PERMISSIONS[caller]?.has(permission) === true;
    }
  }
}

/** The answer `caller` should get, or 'allowed' for a 2xx (or the call's `allowedStatus`). */
function expectedAnswer(access: EndpointAccess, caller: Caller, call: Call): 'allowed' | 403 | 404 {
  if (caller === 'anotherPlatform' && call.platformWide !== true && access.kind !== 'serverAdmin') {
    return 404;
  }
  return allowed(access, caller, call) ? 'allowed' : 403;
}

/** A digest of every row of every table but volatile bookkeeping (API keys' last use). */
async function databaseDigest(server: TestServer): Promise<string> {
  const db = server.server.context.store.db;
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  const hash = createHash('sha256');
  for (const table of tables) {
    if (table.startsWith('kysely_') || table.startsWith('sqlite_')) continue;
    const rows = await db
      .selectFrom(table as 'user')
      .selectAll()
      .execute();
    const stable = rows
      .map((row) => JSON.stringify({ ...row, lastUsedAt: undefined }))
      .sort()
      .join('\n');
    hash.update(`${table}\n${stable}\n`);
  }
  return hash.digest('hex');
}

/** The endpoint's path with `params` (a well-formed id for any parameter not given). */
function pathOf(endpoint: Endpoint, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, key: string) =>
    encodeURIComponent(params[key] ?? 'a'.repeat(21)),
  );
}

/** Waits until no run is queued or running, so that only the request under test writes. */
async function runsSettled(server: TestServer): Promise<void> {
  const db = server.server.context.store.db;
  for (let attempt = 0; attempt < 500; attempt++) {
    const busy = await db
      .selectFrom('flowRun')
      .select('id')
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .executeTakeFirst();
    if (busy === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('runs did not settle in 10 s');
}

let world: World;

beforeAll(async () => {
  const server = await startTestServer();
  const admin = await signUpTestUser(server);
  const other = await signUpTestUser(server);
  const team = await callApi<{ id: string }>(server.apiUrl, 'POST', '/v1/projects', {
    token: admin.token,
    body: { displayName: 'Team' },
  });
  const projectId = expectStatus(team, 201).id;
  const elsewhere = await callApi<{ id: string }>(server.apiUrl, 'POST', '/v1/projects', {
    token: admin.token,
    body: { displayName: 'Elsewhere' },
  });
  const customRole = await callApi<{ name: string }>(server.apiUrl, 'POST', '/v1/project-roles', {
    token: admin.token,
    body: { name: 'Flow writer', permissions: CUSTOM_ROLE_PERMISSIONS },
  });
  const key = await callApi<{ value: string }>(server.apiUrl, 'POST', '/v1/api-keys', {
    token: admin.token,
    body: { displayName: 'Matrix' },
  });
  const member = (role: string) => addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role }]);
  const flows = flowsApi(server, admin.token);
  const created = await flows.createFlow(projectId, 'Published');
  const flow = await flows.apply(
    created.id,
    { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
    addAction(codeStep('step_1')),
    { type: 'LOCK_AND_PUBLISH', request: {} },
  );
  const webhook = await fetch(`${server.apiUrl}/v1/webhooks/${flow.id}/sync`, { method: 'POST', body: '{}' });
  const runId = webhook.headers.get('x-webhook-id') ?? '';
  world = {
    server,
    admin,
    platformId: admin.platformId,
    projectId,
    flow,
    runId,
    tokens: {
      admin: admin.token,
      editor: (await member('Editor')).token,
      viewer: (await member('Viewer')).token,
      customRole: (await member(expectStatus(customRole, 201).name)).token,
      operator: (await addTestUser(server, admin.platformId, 'OPERATOR')).token,
      memberOfAnotherProject: (
        await addTestUser(server, admin.platformId, 'MEMBER', [
          { projectId: expectStatus(elsewhere, 201).id, role: 'Admin' },
        ])
      ).token,
      apiKey: expectStatus(key, 201).value,
      anotherPlatform: other.token,
    },
  };
  expect(runId).not.toBe('');
}, 60_000);
afterAll(() => world.server.close());

describe('the access of every endpoint', () => {
  it('has a row here for every endpoint, and exactly the expected ones are public', () => {
    const publicOnes = ALL_ENDPOINTS.filter(({ endpoint }) => endpoint.access.kind === 'public').map(
      ({ operation }) => operation,
    );
    expect(new Set(publicOnes)).toEqual(PUBLIC_ENDPOINTS);
    const missing = ALL_ENDPOINTS.filter(
      ({ operation }) => !PUBLIC_ENDPOINTS.has(operation) && FIXTURES[operation] === undefined,
    ).map(({ operation }) => operation);
    expect(missing).toEqual([]);
  });

  it('answers 401 without a token on every non-public endpoint', async () => {
    for (const { operation, endpoint } of ALL_ENDPOINTS) {
      if (PUBLIC_ENDPOINTS.has(operation)) continue;
      const method = endpoint.method === 'ALL' ? 'POST' : endpoint.method;
      const answer = await callApi(world.server.apiUrl, method, pathOf(endpoint));
      expect({ operation, status: answer.status }).toEqual({ operation, status: 401 });
    }
  });

  const rows = ALL_ENDPOINTS.filter(({ operation }) => !PUBLIC_ENDPOINTS.has(operation));
  // 60 s: the signing-key rows generate RSA-4096 pairs (a second or more each on 2 cores).
  it.each(rows)(
    '$operation is enforced as declared for every caller',
    async ({ operation, endpoint }) => {
      const fixture = FIXTURES[operation]!;
      for (const caller of CALLERS) {
        const call = await fixture(world);
        const expected = call.refusedCallers?.includes(caller)
          ? 403
          : expectedAnswer(endpoint.access, caller, call);
        if (expected !== 'allowed') await runsSettled(world.server);
        const before = expected === 'allowed' ? '' : await databaseDigest(world.server);
        const answer = await callApi(world.server.apiUrl, endpoint.method, pathOf(endpoint, call.params), {
          token: world.tokens[caller],
          ...(call.query === undefined ? {} : { query: call.query }),
          ...(call.body === undefined ? {} : { body: call.body }),
        });
        const seen = { operation, caller, status: answer.status, body: answer.body };
        if (expected === 'allowed') {
          if (call.allowedStatus === undefined) {
            expect(answer.status >= 200 && answer.status < 300, JSON.stringify(seen)).toBe(true);
          } else {
            expect(seen).toMatchObject({ status: call.allowedStatus });
          }
        } else {
          expect(seen).toMatchObject({ status: expected });
          expect(await databaseDigest(world.server), `${operation} as ${caller} changed the database`).toBe(
            before,
          );
        }
      }
    },
    60_000,
  );
});
