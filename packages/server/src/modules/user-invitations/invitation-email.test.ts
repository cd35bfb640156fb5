import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import {
  signUpVerifiedTestUser,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../testing/test-smtp-server';
import type { TestUser } from '../../testing/test-users';
import { acceptInvitation, invitationsApi, signUpAs } from '../../testing/features/invitation-test-kit';

/** A self-hosted server that sends email through a real SMTP server on loopback. */
let smtp: TestSmtpServer;
let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({
    ...smtp.env(),
    AP_EDITION: 'ce',
    AP_FRONTEND_URL: 'https://flows.example.com',
  });
  admin = await signUpVerifiedTestUser(server, smtp);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** The token of the invitation link in the email to `email`. */
async function emailedToken(email: string): Promise<string> {
  const message = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('You are invited'));
  const match = /https:\/\/flows\.example\.com\/invitation\?token=([\w.-]+)&email=([^\s"<&]+)/.exec(
    message.body,
  );
  if (match === null) throw new Error(`no invitation link in:\n${message.body}`);
  expect(decodeURIComponent(match[2]!)).toBe(email);
  return match[1]!;
}

describe('invitations on a server with SMTP', () => {
  it('emails the link instead of answering it; the emailed invitee signs up verified, at once', async () => {
    const project = await callApi<{ id: string }>(server.apiUrl, 'POST', '/v1/projects', {
      token: admin.token,
      body: { displayName: 'Payroll' },
    });
    const email = 'clerk@example.com';
    const invited = await invitationsApi(server, admin.token).invite({
      type: 'PROJECT',
      email,
      projectId: project.body.id,
      projectRole: 'Editor',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).not.toHaveProperty('link');
    const message = await smtp.waitFor((m) => m.to.includes(email));
    expect(message.subject).toBe('You are invited to Payroll');
    expect(message.body).toContain('as Editor');

    expect(await acceptInvitation(server, await emailedToken(email))).toMatchObject({
      status: 200,
      body: { registered: false },
    });
    expect(await signUpAs(server, email)).toMatchObject({
      status: 200,
      body: { platformId: admin.platformId, platformRole: 'MEMBER', token: expect.any(String) },
    });
  });

  it('still saves the invitation when the SMTP server refuses the email; inviting again resends it', async () => {
    const email = 'unlucky@example.com';
    smtp.failing(true);
    try {
      const invited = await invitationsApi(server, admin.token).invite({
        type: 'PLATFORM',
        email,
        platformRole: 'MEMBER',
      });
      expect(invited).toMatchObject({ status: 201, body: { status: 'PENDING' } });
      expect(invited.body).not.toHaveProperty('link');
    } finally {
      smtp.failing(false);
    }
    await invitationsApi(server, admin.token).invite({ type: 'PLATFORM', email, platformRole: 'MEMBER' });
    expect(await acceptInvitation(server, await emailedToken(email))).toMatchObject({ status: 200 });
  });
});
