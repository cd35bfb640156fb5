/**
 * License activation over HTTP: a key signed by the configured vendor key puts the caller's
 * platform on its plan (flags show it, its limits are enforced), every refused key changes
 * nothing, another platform stays on the free plan, and an expired key counts as none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PLAN, REMOVED_FEATURE_FLAGS, type PlatformPlan } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { licenseIssuer } from '../../testing/test-license';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import {
  addAction,
  codeStep,
  expectStatus,
  flowsApi,
  webhookTrigger,
} from '../../testing/features/flow-test-kit';

const vendor = licenseIssuer();
const impostor = licenseIssuer();
let server: TestServer;
let admin: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer({ AP_LICENSE_PUBLIC_KEY: vendor.publicKeyPem });
  admin = await signUpTestUser(server);
  other = await signUpTestUser(server);
});
afterAll(() => server.close());

function activate(token: string, licenseKey: string) {
  return callApi<PlatformPlan & { code?: string }>(server.apiUrl, 'POST', '/v1/platform-billing/activate', {
    token,
    body: { licenseKey },
  });
}

async function flagsOf(token: string): Promise<Record<string, unknown>> {
  const answer = await callApi<Record<string, unknown>>(server.apiUrl, 'GET', '/v1/flags', { token });
  for (const name of REMOVED_FEATURE_FLAGS) expect(answer.body).not.toHaveProperty(name);
  return answer.body;
}

async function storedKeyOf(platformId: string): Promise<string | null> {
  const row = await server.server.context.store.db
    .selectFrom('platform')
    .select('licenseKey')
    .where('id', '=', platformId)
    .executeTakeFirstOrThrow();
  return row.licenseKey;
}

/** A valid payload, serialized, with one field changed after signing. */
function tampered(): string {
  const key = vendor.mint({ limits: { activeFlows: 1 } });
  const [body, signature] = key.split('.') as [string, string];
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...payload, limits: { activeFlows: 1000 } })).toString(
    'base64url',
  );
  return `${forged}.${signature}`;
}

describe('POST /v1/platform-billing/activate', () => {
  it.each([
    ['an expired key', () => vendor.mint({ expiresAt: '2020-01-01T00:00:00.000Z' }), 'LICENSE_KEY_EXPIRED'],
    ['a tampered payload', tampered, 'INVALID_LICENSE_KEY'],
    ['a key signed by another vendor key', () => impostor.mint(), 'INVALID_LICENSE_KEY'],
    ['one part only', () => 'bm90LWEta2V5', 'INVALID_LICENSE_KEY'],
    ['three parts', () => `${vendor.mint()}.extra`, 'INVALID_LICENSE_KEY'],
    ['a signed payload that is not JSON', () => vendor.signRaw('bm90IGpzb24'), 'INVALID_LICENSE_KEY'],
    [
      'a signed JSON payload that is not a license',
      () => vendor.signRaw(Buffer.from('{"plan":"x"}').toString('base64url')),
      'INVALID_LICENSE_KEY',
    ],
    ['a signature that is not base64url', () => `${vendor.mint().split('.')[0]!}.!!!`, 'INVALID_LICENSE_KEY'],
  ])('refuses %s with 400 %s and changes nothing', async (_, key, code) => {
    const flagsBefore = await flagsOf(admin.token);
    const answer = await activate(admin.token, key());
    expect(answer).toMatchObject({ status: 400, body: { code } });
    expect(await storedKeyOf(admin.platformId)).toBeNull();
    expect(await flagsOf(admin.token)).toEqual(flagsBefore);
  });

  it('refuses an empty key with 400 VALIDATION', async () => {
    expect(await activate(admin.token, '  ')).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  });

  it('refuses a platform MEMBER with 403', async () => {
    const member = await addTestUser(server, admin.platformId, 'MEMBER');
    expect(await activate(member.token, vendor.mint())).toMatchObject({ status: 403 });
    expect(await storedKeyOf(admin.platformId)).toBeNull();
  });

  it("puts the caller's platform on the key's plan, shown by the flags; another platform stays free", async () => {
    const before = await flagsOf(admin.token);
    expect(before).toMatchObject({
      EDITION: 'ce',
      PLAN_NAME: 'free',
      LICENSE_EXPIRES_AT: null,
      PLAN_LIMITS: FREE_PLAN.limits,
      PLAN_FEATURES: FREE_PLAN.features,
    });
    const expiresAt = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
    const key = vendor.mint({
      expiresAt,
      limits: { activeFlows: 1, projects: 2 },
      features: { ssoEnabled: false },
    });
    const answer = await activate(admin.token, key);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      name: 'enterprise',
      limits: { ...FREE_PLAN.limits, activeFlows: 1, projects: 2 },
      features: { ...FREE_PLAN.features, ssoEnabled: false },
      licenseExpiresAt: expiresAt,
    });
    expect(await flagsOf(admin.token)).toMatchObject({
      EDITION: 'ee',
      PLAN_NAME: 'enterprise',
      LICENSE_EXPIRES_AT: expiresAt,
      PLAN_LIMITS: answer.body.limits,
      PLAN_FEATURES: answer.body.features,
    });
    expect(await flagsOf(other.token)).toMatchObject({ EDITION: 'ce', PLAN_NAME: 'free' });
    // A refused key afterwards leaves the active one in place.
    expect((await activate(admin.token, impostor.mint())).status).toBe(400);
    expect(await storedKeyOf(admin.platformId)).toBe(key);
  });

  it('enforces the plan limits with 402 QUOTA_EXCEEDED, writing nothing', async () => {
    // The platform has its PERSONAL project; the plan allows 2 projects.
    const team = await callApi<{ id: string }>(server.apiUrl, 'POST', '/v1/projects', {
      token: admin.token,
      body: { displayName: 'Team' },
    });
    const projectId = expectStatus(team, 201).id;
    const overProjects = await callApi(server.apiUrl, 'POST', '/v1/projects', {
      token: admin.token,
      body: { displayName: 'One too many' },
    });
    expect(overProjects).toMatchObject({
      status: 402,
      body: { code: 'QUOTA_EXCEEDED', params: { metric: 'projects', limit: 2 } },
    });
    const projects = await callApi<{ data: unknown[] }>(server.apiUrl, 'GET', '/v1/projects', {
      token: admin.token,
    });
    expect(projects.body.data).toHaveLength(2);

    const flows = flowsApi(server, admin.token);
    const publish = async (name: string) => {
      const flow = await flows.createFlow(projectId, name);
      await flows.apply(
        flow.id,
        { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
        addAction(codeStep('step_1')),
      );
      return { id: flow.id, answer: await flows.operate(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} }) };
    };
    expect((await publish('First')).answer.status).toBe(200);
    const second = await publish('Second');
    expect(second.answer).toMatchObject({
      status: 402,
      body: { code: 'QUOTA_EXCEEDED', params: { metric: 'activeFlows', limit: 1 } },
    });
    const after = expectStatus(await flows.get(second.id), 200);
    expect(after).toMatchObject({ status: 'DISABLED', publishedVersionId: null });
    expect(after.version.state).toBe('DRAFT');
    // Another platform is not limited by it.
    const elsewhere = flowsApi(server, other.token);
    const theirs = await elsewhere.createFlow(other.projectId!, 'Theirs');
    await elsewhere.apply(
      theirs.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      addAction(codeStep('step_1')),
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
  });

  it('counts a key that expired after activation as none: the free plan, no limits', async () => {
    const expired = vendor.mint({
      expiresAt: new Date(Date.now() - 1000).toISOString(),
      limits: { projects: 0 },
    });
    await server.server.context.store.write((trx) =>
      trx.updateTable('platform').set({ licenseKey: expired }).where('id', '=', admin.platformId).execute(),
    );
    expect(await flagsOf(admin.token)).toMatchObject({
      EDITION: 'ce',
      PLAN_NAME: 'free',
      LICENSE_EXPIRES_AT: null,
    });
    const team = await callApi(server.apiUrl, 'POST', '/v1/projects', {
      token: admin.token,
      body: { displayName: 'Allowed again' },
    });
    expect(team.status).toBe(201);
  });

  it('gates a feature the plan turns off with 402 FEATURE_DISABLED', async () => {
    const noGlobals = vendor.mint({ features: { globalConnectionsEnabled: false } });
    expect((await activate(other.token, noGlobals)).status).toBe(200);
    const list = await callApi(server.apiUrl, 'GET', '/v1/global-connections', { token: other.token });
    expect(list).toMatchObject({
      status: 402,
      body: { code: 'FEATURE_DISABLED', params: { feature: 'globalConnectionsEnabled' } },
    });
    const allowed = await callApi(server.apiUrl, 'GET', '/v1/global-connections', { token: admin.token });
    expect(allowed.status).toBe(200);
  });

  it('answers the removed license-key endpoints with 404', async () => {
    const key = vendor.mint();
    const get = await callApi(server.apiUrl, 'GET', `/v1/license-keys/${key}`, { token: admin.token });
    const verify = await callApi(server.apiUrl, 'POST', '/v1/license-keys/verify', {
      token: admin.token,
      body: { licenseKey: key },
    });
    expect([get.status, verify.status]).toEqual([404, 404]);
  });
});

describe('a server without AP_LICENSE_PUBLIC_KEY', () => {
  it('refuses every key with 400 INVALID_LICENSE_KEY and stays on the free plan', async () => {
    const bare = await startTestServer();
    try {
      const user = await signUpTestUser(bare);
      const answer = await callApi(bare.apiUrl, 'POST', '/v1/platform-billing/activate', {
        token: user.token,
        body: { licenseKey: vendor.mint() },
      });
      expect(answer).toMatchObject({ status: 400, body: { code: 'INVALID_LICENSE_KEY' } });
      const flags = await callApi<Record<string, unknown>>(bare.apiUrl, 'GET', '/v1/flags', {
        token: user.token,
      });
      expect(flags.body).toMatchObject({ PLAN_NAME: 'free', EDITION: 'ce' });
    } finally {
      await bare.close();
    }
  });
});
