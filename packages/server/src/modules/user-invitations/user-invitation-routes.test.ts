import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInvitationWithLink } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { addAction, codeStep, flowsApi } from '../../testing/features/flow-test-kit';
import { INVITATION_AUDIENCE } from './invitation-token';
import {
  acceptInvitation,
  invitationsApi,
  signInAs,
  signUpAs,
  tokenOfLink,
} from '../../testing/features/invitation-test-kit';

/** A self-hosted server: one platform, people join it by invitation. */
let server: TestServer;
let admin: TestUser;
let projectAdmin: TestUser;
let viewer: TestUser;
let teamProjectId: string;
let otherProjectId: string;
let flowId: string;
let counter = 0;

const uniqueEmail = (name: string) => `${name}-${String((counter += 1))}@example.com`;

beforeAll(async () => {
  server = await startTestServer({ AP_EDITION: 'ce', AP_FRONTEND_URL: 'https://pw.example.com' });
  admin = await signUpTestUser(server);
  const create = (displayName: string) =>
    callApi<{ id: string }>(server.apiUrl, 'POST', '/v1/projects', {
      token: admin.token,
      body: { displayName },
    });
  teamProjectId = (await create('Team')).body.id;
  otherProjectId = (await create('Other')).body.id;
  projectAdmin = await addTestUser(server, admin.platformId, 'MEMBER', [
    { projectId: teamProjectId, role: 'Admin' },
  ]);
  viewer = await addTestUser(server, admin.platformId, 'MEMBER', [
    { projectId: teamProjectId, role: 'Viewer' },
  ]);
  const flow = await flowsApi(server, admin.token).createFlow(teamProjectId);
  flowId = flow.id;
});
afterAll(() => server.close());

const asAdmin = () => invitationsApi(server, admin.token);
const projectInvitation = (email: string, projectRole = 'Editor', projectId = teamProjectId) => ({
  type: 'PROJECT',
  email,
  projectId,
  projectRole,
});

describe('POST /v1/user-invitations', () => {
  it('invites an email to a project with a role, answering the link when no SMTP is configured', async () => {
    const email = uniqueEmail('Editor');
    const answer = await asAdmin().invite(projectInvitation(email.toUpperCase()));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      email: email.toLowerCase(),
      platformId: admin.platformId,
      status: 'PENDING',
      type: 'PROJECT',
      projectId: teamProjectId,
      projectRoleId: 'defaultProjectRoleEdt',
      platformRole: null,
      projectRole: { name: 'Editor', type: 'DEFAULT', platformId: null, userCount: 0 },
    });
    expect(answer.body.projectRole?.permissions).toContain('WRITE_FLOW');
    const link = new URL(answer.body.link!);
    expect(`${link.origin}${link.pathname}`).toBe('https://pw.example.com/invitation');
    expect(link.searchParams.get('email')).toBe(email.toLowerCase());
  });

  it('updates the pending invitation when the same email is invited to the same project again', async () => {
    const email = uniqueEmail('again');
    const first = await asAdmin().invite(projectInvitation(email, 'Editor'));
    const second = await asAdmin().invite(projectInvitation(email, 'viewer'));
    expect(second).toMatchObject({
      status: 201,
      body: { id: first.body.id, projectRoleId: 'defaultProjectRoleVwr', status: 'PENDING' },
    });
    const platformWide = await asAdmin().invite({ type: 'PLATFORM', email, platformRole: 'OPERATOR' });
    expect(platformWide.body.id).not.toBe(first.body.id);
    const listed = await asAdmin().list({ limit: '100' });
    expect(listed.body.data.filter((invitation) => invitation.email === email)).toHaveLength(2);
  });

  it.each([
    ['an unknown project role', { projectRole: 'Overlord' }, 404, 'ENTITY_NOT_FOUND'],
    ['a malformed email', { email: 'not-an-email' }, 400, 'VALIDATION'],
    ['no project role', { projectRole: undefined }, 400, 'VALIDATION'],
  ])('refuses %s, inviting nobody', async (_, override, status, code) => {
    const before = (await asAdmin().list({ limit: '100' })).body.data.length;
    const answer = await asAdmin().invite({ ...projectInvitation(uniqueEmail('bad')), ...override });
    expect(answer).toMatchObject({ status, body: { code } });
    expect((await asAdmin().list({ limit: '100' })).body.data).toHaveLength(before);
  });

  it('lets a project Admin invite to their project but not to the platform', async () => {
    const asProjectAdmin = invitationsApi(server, projectAdmin.token);
    expect((await asProjectAdmin.invite(projectInvitation(uniqueEmail('by-project-admin')))).status).toBe(
      201,
    );
    const platform = await asProjectAdmin.invite({
      type: 'PLATFORM',
      email: uniqueEmail('p'),
      platformRole: 'ADMIN',
    });
    expect(platform).toMatchObject({ status: 403 });
    const elsewhere = await asProjectAdmin.invite(
      projectInvitation(uniqueEmail('o'), 'Editor', otherProjectId),
    );
    expect(elsewhere).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });
  });

  it('refuses a Viewer of the project (403)', async () => {
    const answer = await invitationsApi(server, viewer.token).invite(
      projectInvitation(uniqueEmail('by-viewer')),
    );
    expect(answer).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });
  });
});

describe('GET /v1/user-invitations', () => {
  let filtered: { project: string; platform: string; other: string };
  beforeAll(async () => {
    filtered = {
      project: (await asAdmin().invite(projectInvitation(uniqueEmail('list-project')))).body.id,
      platform: (
        await asAdmin().invite({
          type: 'PLATFORM',
          email: uniqueEmail('list-platform'),
          platformRole: 'MEMBER',
        })
      ).body.id,
      other: (await asAdmin().invite(projectInvitation(uniqueEmail('list-other'), 'Viewer', otherProjectId)))
        .body.id,
    };
  });

  it.each([
    ['type=PLATFORM', { type: 'PLATFORM' }, 'platform', ['project', 'other']],
    ['projectId', { projectId: 'team' }, 'project', ['platform', 'other']],
    ['projectId and type=PROJECT', { projectId: 'other', type: 'PROJECT' }, 'other', ['project', 'platform']],
  ] as const)('filters by %s', async (_, query, included, excluded) => {
    const projectIds = { team: teamProjectId, other: otherProjectId };
    const resolved = Object.fromEntries(
      Object.entries({ ...query, limit: '100' }).map(([key, value]) => [
        key,
        key === 'projectId' ? projectIds[value as 'team' | 'other'] : value,
      ]),
    );
    const ids = (await asAdmin().list(resolved)).body.data.map((invitation) => invitation.id);
    expect(ids).toContain(filtered[included]);
    for (const name of excluded) expect(ids).not.toContain(filtered[name]);
  });

  it('filters by status and pages with a cursor', async () => {
    const accepted = await asAdmin().invite(projectInvitation(uniqueEmail('accepted')));
    await acceptInvitation(server, tokenOfLink(accepted.body));
    const acceptedIds = (await asAdmin().list({ status: 'ACCEPTED', limit: '100' })).body.data.map(
      (i) => i.id,
    );
    expect(acceptedIds).toContain(accepted.body.id);
    expect(acceptedIds).not.toContain(filtered.project);
    const first = await asAdmin().list({ limit: '1' });
    expect(first.body.data).toHaveLength(1);
    const second = await asAdmin().list({ limit: '1', cursor: first.body.next! });
    expect(second.body.data[0]!.id).not.toBe(first.body.data[0]!.id);
  });

  it("lets a project's Viewer read its invitations, but only platform admins list platform-wide", async () => {
    const asViewer = invitationsApi(server, viewer.token);
    const ofTeam = await asViewer.list({ projectId: teamProjectId, limit: '100' });
    expect(ofTeam.status).toBe(200);
    expect(ofTeam.body.data.map((invitation) => invitation.id)).toContain(filtered.project);
    expect(ofTeam.body.data.every((invitation) => invitation.projectId === teamProjectId)).toBe(true);
    expect((await asViewer.list({ projectId: otherProjectId })).status).toBe(403);
    expect((await asViewer.list({ type: 'PLATFORM' })).status).toBe(403);
    expect((await invitationsApi(server, projectAdmin.token).list()).status).toBe(403);
  });
});

describe('DELETE /v1/user-invitations/:id', () => {
  it('withdraws a project invitation (project Admin) and a platform one (platform admin only)', async () => {
    const toProject = await asAdmin().invite(projectInvitation(uniqueEmail('withdrawn')));
    const toPlatform = await asAdmin().invite({
      type: 'PLATFORM',
      email: uniqueEmail('w'),
      platformRole: 'MEMBER',
    });
    const asProjectAdmin = invitationsApi(server, projectAdmin.token);
    expect((await invitationsApi(server, viewer.token).withdraw(toProject.body.id)).status).toBe(403);
    expect((await asProjectAdmin.withdraw(toProject.body.id)).status).toBe(204);
    expect((await asProjectAdmin.withdraw(toPlatform.body.id)).status).toBe(403);
    expect((await asAdmin().withdraw(toPlatform.body.id)).status).toBe(204);
    const ids = (await asAdmin().list({ limit: '100' })).body.data.map((invitation) => invitation.id);
    expect(ids).not.toContain(toProject.body.id);
    expect(ids).not.toContain(toPlatform.body.id);
    expect(await acceptInvitation(server, tokenOfLink(toProject.body))).toMatchObject({ status: 404 });
    expect((await asAdmin().withdraw(toProject.body.id)).status).toBe(404);
  });
});

describe('POST /v1/user-invitations/accept', () => {
  it('applies the role at once when the invitee already has a user on the platform', async () => {
    const existing = await addTestUser(server, admin.platformId, 'MEMBER');
    const invitation = await asAdmin().invite(projectInvitation(existing.email, 'Editor'));
    expect((await flowsApi(server, existing.token).get(flowId)).status).toBe(403);
    const accepted = await acceptInvitation(server, tokenOfLink(invitation.body));
    expect(accepted).toMatchObject({ status: 200, body: { registered: true } });
    expect(
      (await flowsApi(server, existing.token).operate(flowId, addAction(codeStep('by_existing')))).status,
    ).toBe(200);
    const left = (await asAdmin().list({ limit: '100' })).body.data.map((i) => i.id);
    expect(left).not.toContain(invitation.body.id);
  });

  it('lets a new Editor invitee sign up into the inviting platform and edit a flow, not a Viewer', async () => {
    const editorEmail = uniqueEmail('new-editor');
    const viewerEmail = uniqueEmail('new-viewer');
    const editorInvitation = await asAdmin().invite(projectInvitation(editorEmail, 'Editor'));
    const viewerInvitation = await asAdmin().invite(projectInvitation(viewerEmail, 'Viewer'));
    expect(await signUpAs(server, editorEmail)).toMatchObject({
      status: 403,
      body: { code: 'INVITATION_ONLY_SIGN_UP' },
    });

    for (const invitation of [editorInvitation, viewerInvitation]) {
      expect(await acceptInvitation(server, tokenOfLink(invitation.body))).toMatchObject({
        status: 200,
        body: { registered: false },
      });
    }
    const editor = await signUpAs(server, editorEmail);
    expect(editor).toMatchObject({
      status: 200,
      body: { platformId: admin.platformId, platformRole: 'MEMBER' },
    });
    const invitee = await signUpAs(server, viewerEmail);
    expect(invitee.body.platformId).toBe(admin.platformId);

    const edited = await flowsApi(server, editor.body.token).operate(
      flowId,
      addAction(codeStep('by_editor')),
    );
    expect(edited.status).toBe(200);
    const refused = await flowsApi(server, invitee.body.token).operate(
      flowId,
      addAction(codeStep('by_viewer')),
    );
    expect(refused).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });
    expect((await flowsApi(server, invitee.body.token).get(flowId)).status).toBe(200);
  });

  it('gives a platform invitee the invited platform role', async () => {
    const email = uniqueEmail('operator');
    const invitation = await asAdmin().invite({ type: 'PLATFORM', email, platformRole: 'OPERATOR' });
    await acceptInvitation(server, tokenOfLink(invitation.body));
    expect(await signUpAs(server, email)).toMatchObject({
      status: 200,
      body: { platformId: admin.platformId, platformRole: 'OPERATOR' },
    });
  });

  it('applies a pending project invitation when its invitee signs in', async () => {
    const email = uniqueEmail('signs-in');
    const invitation = await asAdmin().invite({ type: 'PLATFORM', email, platformRole: 'MEMBER' });
    await acceptInvitation(server, tokenOfLink(invitation.body));
    const signedUp = await signUpAs(server, email);
    expect((await flowsApi(server, signedUp.body.token).get(flowId)).status).toBe(403);
    await asAdmin().invite(projectInvitation(email, 'Viewer'));
    expect((await signInAs(server, email)).status).toBe(200);
    expect((await flowsApi(server, signedUp.body.token).get(flowId)).status).toBe(200);
  });

  it.each([
    ['expired', async (id: string) => signed(id, server.server.context.settings.jwtSecret, -60)],
    [
      'signed with another secret',
      async (id: string) => signed(id, new TextEncoder().encode('x'.repeat(40)), 3600),
    ],
    ['a session token', async () => admin.token],
    ['not a token', async () => 'garbage'],
  ])('refuses a token that is %s (404), leaving the invitation pending', async (_, tokenFor) => {
    const invitation: UserInvitationWithLink = (
      await asAdmin().invite(projectInvitation(uniqueEmail('forged')))
    ).body;
    const answer = await acceptInvitation(server, await tokenFor(invitation.id));
    expect(answer).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
    const listed = await asAdmin().list({ status: 'PENDING', limit: '100' });
    expect(listed.body.data.map((i) => i.id)).toContain(invitation.id);
  });
});

/** An invitation token for `id` signed with `secret`, expiring `seconds` from now (negative: past). */
function signed(id: string, secret: Uint8Array, seconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(id)
    .setIssuer('piecework')
    .setAudience(INVITATION_AUDIENCE)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now + seconds)
    .sign(secret);
}
