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
  requiredPermissions,
  type Permission,
  type ProjectPermission,
} from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import {
  addAction,
  codeStep,
  expectStatus,
  flowsApi,
  webhookTrigger,
} from '../../testing/features/flow-test-kit';
import { CORE_FIXTURES } from './endpoint-access-fixtures/core';
import { TABLES_FIXTURES } from './endpoint-access-fixtures/tables';
import { TABLE_WEBHOOK_FIXTURES } from './endpoint-access-fixtures/table-webhooks';
import { TEMPLATE_FIXTURES } from './endpoint-access-fixtures/templates';
import { RELEASE_FIXTURES } from './endpoint-access-fixtures/releases';
import { GIT_REPO_FIXTURES } from './endpoint-access-fixtures/git-repos';
import { EVENT_DESTINATION_FIXTURES } from './endpoint-access-fixtures/event-destinations';
import { LICENSE_FIXTURES } from './endpoint-access-fixtures/license';
import { GLOBAL_CONNECTION_FIXTURES } from './endpoint-access-fixtures/global-connections';
import { AI_PROVIDER_FIXTURES } from './endpoint-access-fixtures/ai-providers';
import { AGENT_RUN_FIXTURES } from './endpoint-access-fixtures/agent-runs';
import { IMPACT_FIXTURES } from './endpoint-access-fixtures/impact';
import { FLOW_TEST_FIXTURES } from './endpoint-access-fixtures/flow-tests';
import { TWO_FACTOR_FIXTURES } from './endpoint-access-fixtures/two-factor';
import { SCIM_FIXTURES } from './endpoint-access-fixtures/scim';
import { SAML_FIXTURES } from './endpoint-access-fixtures/saml';
import { SESSION_FIXTURES } from './endpoint-access-fixtures/sessions';
import { CALLERS, type Call, type Caller, type Fixture, type World } from './endpoint-access-fixtures/world';
import type { TestServer } from '../../testing/test-server';

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
  'samlAuthn.login',
  'samlAuthn.acs',
  'samlAuthn.metadata',
  'samlAuthn.claim',
  'managedAuthn.externalToken',
  'flowRuns.resume',
  'flowRuns.resumeSync',
  'webhooks.trigger',
  'webhooks.triggerSync',
  'webhooks.draft',
  'webhooks.draftSync',
  'webhooks.test',
  'humanInput.getForm',
  'humanInput.getChat',
  'humanInput.submitForm',
  'humanInput.sendChatMessage',
  'pieces.categories',
  'pieces.registry',
  'triggers.appEvent',
  'templates.categories',
  'stepFiles.signed',
  'twoFactor.signIn',
  'twoFactor.startSignInEnrolment',
]);

/** One row per endpoint (`area.name`): how to call it, by area. */
const FIXTURES: Record<string, Fixture> = {
  ...CORE_FIXTURES,
  ...TABLES_FIXTURES,
  ...TEMPLATE_FIXTURES,
  ...TABLE_WEBHOOK_FIXTURES,
  ...RELEASE_FIXTURES,
  ...GIT_REPO_FIXTURES,
  ...EVENT_DESTINATION_FIXTURES,
  ...LICENSE_FIXTURES,
  ...GLOBAL_CONNECTION_FIXTURES,
  ...AI_PROVIDER_FIXTURES,
  ...AGENT_RUN_FIXTURES,
  ...IMPACT_FIXTURES,
  ...FLOW_TEST_FIXTURES,
  ...TWO_FACTOR_FIXTURES,
  ...SCIM_FIXTURES,
  ...SAML_FIXTURES,
  ...SESSION_FIXTURES,
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
    case 'user':
      return caller !== 'apiKey';
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
          ? (access.permission as (body: unknown) => ProjectPermission)(call.body)
          : access.permission;
      return requiredPermissions(permission).every((one) => MEMBER_PERMISSIONS[caller]?.has(one) === true);
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

/**
 * A digest of every row of every table but volatile bookkeeping (API keys' last use, and the run
 * search index, which the server writes in the background after runs end).
 */
async function databaseDigest(server: TestServer): Promise<string> {
  const db = server.server.context.store.db;
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  const hash = createHash('sha256');
  for (const table of tables) {
    if (table.startsWith('kysely_') || table.startsWith('sqlite_') || table.startsWith('flowRunSearch'))
      continue;
    const rows = await db
      .selectFrom(table as 'user')
      .selectAll()
      .execute();
    const stable = rows
      .map((row) => JSON.stringify({ ...row, lastUsedAt: undefined, searchIndexedAt: undefined }))
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
  // Tokens without a server-side session, so that signing out (which ends the caller's session)
  // leaves every caller's token working for the other rows.
  const withoutSession = async (user: TestUser): Promise<TestUser> => ({
    ...user,
    token: await server.server.context.tokens.issue({
      userId: user.userId,
      platformId: user.platformId,
      tokenVersion: 0,
    }),
  });
  const admin = await withoutSession(await signUpTestUser(server));
  const other = await withoutSession(await signUpTestUser(server));
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
