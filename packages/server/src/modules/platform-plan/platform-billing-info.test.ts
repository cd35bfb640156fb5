/**
 * `GET /v1/platform-billing/info` over HTTP: the plan a platform is on, its usage of the enforced
 * limits (projects, ENABLED flows) and its license key masked to its last characters; a key that
 * expired after activation is shown inactive beside the free plan; MEMBER users get 403 and
 * another platform sees only its own.
 */
import { FREE_PLAN, type PlatformBillingInfo } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { addAction, codeStep, flowsApi, webhookTrigger } from '../../testing/features/flow-test-kit';
import { licenseIssuer } from '../../testing/test-license';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

const vendor = licenseIssuer();
let server: TestServer;
let admin: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer({ AP_LICENSE_PUBLIC_KEY: vendor.publicKeyPem });
  admin = await signUpTestUser(server);
  other = await signUpTestUser(server);
});
afterAll(() => server.close());

function info(token: string) {
  return callApi<PlatformBillingInfo>(server.apiUrl, 'GET', '/v1/platform-billing/info', { token });
}

describe('GET /v1/platform-billing/info', () => {
  it('answers the free plan, no key and the usage of a new platform', async () => {
    expect(await info(admin.token)).toMatchObject({
      status: 200,
      body: { plan: FREE_PLAN, usage: { projects: 1, activeFlows: 0 }, licenseKey: null },
    });
  });

  it("answers the activated key's plan and the key masked, and counts enabled flows", async () => {
    const key = vendor.mint({ plan: 'business', limits: { activeFlows: 5 } });
    const activated = await callApi(server.apiUrl, 'POST', '/v1/platform-billing/activate', {
      token: admin.token,
      body: { licenseKey: key },
    });
    expect(activated.status).toBe(200);
    const flows = flowsApi(server, admin.token);
    const flow = await flows.createFlow(admin.projectId!, 'Counted');
    await flows.apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      addAction(codeStep('step_1')),
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
    const answer = await info(admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      plan: { name: 'business', limits: { ...FREE_PLAN.limits, activeFlows: 5 } },
      usage: { projects: 1, activeFlows: 1 },
      licenseKey: { maskedKey: `…${key.slice(-6)}`, active: true },
    });
    expect(JSON.stringify(answer.body)).not.toContain(key.slice(0, 20));
    // Another platform sees its own plan, not this one's.
    expect(await info(other.token)).toMatchObject({
      status: 200,
      body: { plan: { name: 'free' }, usage: { activeFlows: 0 }, licenseKey: null },
    });
  });

  it('shows a key that expired after activation as inactive, beside the free plan', async () => {
    const expired = vendor.mint({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await server.server.context.store.write((trx) =>
      trx.updateTable('platform').set({ licenseKey: expired }).where('id', '=', admin.platformId).execute(),
    );
    expect(await info(admin.token)).toMatchObject({
      status: 200,
      body: { plan: FREE_PLAN, licenseKey: { maskedKey: `…${expired.slice(-6)}`, active: false } },
    });
  });

  it('refuses a platform MEMBER with 403', async () => {
    const member = await addTestUser(server, admin.platformId, 'MEMBER');
    expect(await info(member.token)).toMatchObject({ status: 403, body: { code: expect.any(String) } });
  });
});
