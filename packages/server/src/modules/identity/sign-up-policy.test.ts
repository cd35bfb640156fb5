import { afterEach, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import {
  acceptInvitation,
  invitationsApi,
  signInAs,
  signUpAs,
  tokenOfLink,
} from '../../testing/features/invitation-test-kit';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serverOf(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer(env);
  servers.push(server);
  return server;
}

/** Sets sign-in rules of the platform as its admin; fails the test when refused. */
async function setRules(server: TestServer, admin: { token: string; platformId: string }, body: object) {
  const answer = await callApi(server.apiUrl, 'POST', `/v1/platforms/${admin.platformId}`, {
    token: admin.token,
    body,
  });
  expect(answer.status).toBe(200);
}

describe.each(['ce', 'ee'])('self-hosted sign-up (AP_EDITION=%s)', (edition) => {
  it('lets the first sign-up create the platform as its ADMIN, and refuses the next without invitation', async () => {
    const server = await serverOf({ AP_EDITION: edition });
    const first = await signUpAs(server, 'owner@acme.example');
    expect(first).toMatchObject({
      status: 200,
      body: { platformRole: 'ADMIN', projectId: expect.any(String) },
    });
    const second = await signUpAs(server, 'someone@acme.example');
    expect(second).toMatchObject({ status: 403, body: { code: 'INVITATION_ONLY_SIGN_UP' } });
    const users = await server.server.context.store.db.selectFrom('user').select('email').execute();
    expect(users.map((user) => user.email)).toEqual(['owner@acme.example']);
    expect(await server.server.context.store.db.selectFrom('platform').select('id').execute()).toHaveLength(
      1,
    );
  });

  it('lets only one of several simultaneous first sign-ups create the platform', async () => {
    const server = await serverOf({ AP_EDITION: edition });
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((name) => signUpAs(server, `${name}@acme.example`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403, 403, 403, 403]);
    expect(await server.server.context.store.db.selectFrom('platform').select('id').execute()).toHaveLength(
      1,
    );
  });

  it('does not count a pending (unaccepted) invitation as one', async () => {
    const server = await serverOf({ AP_EDITION: edition });
    const owner = (await signUpAs(server, 'owner@acme.example')).body;
    await invitationsApi(server, owner.token).invite({
      type: 'PLATFORM',
      email: 'pending@acme.example',
      platformRole: 'MEMBER',
    });
    expect(await signUpAs(server, 'pending@acme.example')).toMatchObject({
      status: 403,
      body: { code: 'INVITATION_ONLY_SIGN_UP' },
    });
  });
});

describe('allowed domains', () => {
  it('lets people of an allowed domain sign up as MEMBERs of the server platform, others not', async () => {
    const server = await serverOf({ AP_EDITION: 'ce' });
    const owner = (await signUpAs(server, 'owner@acme.example')).body;
    await setRules(server, owner, { allowedAuthDomains: ['acme.example'] });
    expect(await signUpAs(server, 'colleague@ACME.example')).toMatchObject({
      status: 200,
      body: { platformId: owner.platformId, platformRole: 'MEMBER' },
    });
    expect(await signUpAs(server, 'outsider@other.example')).toMatchObject({
      status: 403,
      body: { code: 'INVITATION_ONLY_SIGN_UP' },
    });
  });

  it('refuses other domains even when invited, once the platform enforces its domains', async () => {
    const server = await serverOf({ AP_EDITION: 'ce' });
    const owner = (await signUpAs(server, 'owner@acme.example')).body;
    const invitation = await invitationsApi(server, owner.token).invite({
      type: 'PLATFORM',
      email: 'guest@other.example',
      platformRole: 'MEMBER',
    });
    await acceptInvitation(server, tokenOfLink(invitation.body));
    await setRules(server, owner, { allowedAuthDomains: ['acme.example'], enforceAllowedAuthDomains: true });
    expect(await signUpAs(server, 'guest@other.example')).toMatchObject({
      status: 403,
      body: { code: 'DOMAIN_NOT_ALLOWED', params: { domain: 'other.example' } },
    });
    expect((await signInAs(server, 'owner@acme.example')).status).toBe(200);
  });

  it('refuses the sign-in of a user whose domain the platform no longer allows', async () => {
    const server = await serverOf({ AP_EDITION: 'ce' });
    const owner = (await signUpAs(server, 'owner@acme.example')).body;
    const invitation = await invitationsApi(server, owner.token).invite({
      type: 'PLATFORM',
      email: 'contractor@other.example',
      platformRole: 'MEMBER',
    });
    await acceptInvitation(server, tokenOfLink(invitation.body));
    expect((await signUpAs(server, 'contractor@other.example')).status).toBe(200);
    await setRules(server, owner, { allowedAuthDomains: ['acme.example'], enforceAllowedAuthDomains: true });
    expect(await signInAs(server, 'contractor@other.example')).toMatchObject({
      status: 403,
      body: { code: 'DOMAIN_NOT_ALLOWED' },
    });
  });
});

describe('emailAuthEnabled', () => {
  it('refuses email-and-password sign-in and sign-up once the platform turns it off', async () => {
    const server = await serverOf({
      AP_EDITION: 'ce',
      AP_GOOGLE_CLIENT_ID: 'google-client',
      AP_GOOGLE_CLIENT_SECRET: 'google-secret',
    });
    const owner = (await signUpAs(server, 'owner@acme.example')).body;
    const invitation = await invitationsApi(server, owner.token).invite({
      type: 'PLATFORM',
      email: 'invitee@acme.example',
      platformRole: 'MEMBER',
    });
    await acceptInvitation(server, tokenOfLink(invitation.body));
    await setRules(server, owner, { emailAuthEnabled: false });
    expect(await signInAs(server, 'owner@acme.example')).toMatchObject({
      status: 403,
      body: { code: 'EMAIL_AUTH_DISABLED' },
    });
    expect(await signUpAs(server, 'invitee@acme.example')).toMatchObject({
      status: 403,
      body: { code: 'EMAIL_AUTH_DISABLED' },
    });
    await setRules(server, owner, { emailAuthEnabled: true });
    expect((await signInAs(server, 'owner@acme.example')).status).toBe(200);
  });
});

describe('cloud edition', () => {
  it('gives every uninvited sign-up a platform of its own, as its ADMIN', async () => {
    const server = await serverOf({ AP_EDITION: 'cloud' });
    const first = await signUpAs(server, 'first@acme.example');
    const second = await signUpAs(server, 'second@acme.example');
    expect(first).toMatchObject({ status: 200, body: { platformRole: 'ADMIN' } });
    expect(second).toMatchObject({ status: 200, body: { platformRole: 'ADMIN' } });
    expect(second.body.platformId).not.toBe(first.body.platformId);
  });

  it('lets an invitee who accepted join the inviting platform', async () => {
    const server = await serverOf({ AP_EDITION: 'cloud' });
    const owner = (await signUpAs(server, 'owner@acme.example')).body;
    const invitation = await invitationsApi(server, owner.token).invite({
      type: 'PLATFORM',
      email: 'invitee@acme.example',
      platformRole: 'ADMIN',
    });
    await acceptInvitation(server, tokenOfLink(invitation.body));
    expect(await signUpAs(server, 'invitee@acme.example')).toMatchObject({
      status: 200,
      body: { platformId: owner.platformId, platformRole: 'ADMIN' },
    });
  });
});
