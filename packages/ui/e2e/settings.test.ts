/**
 * The settings pages in Chromium, signed in as a platform's admin: connections (list, search,
 * rename, delete, the piece choice of "New connection"), members (invite, the invitee joins, the
 * role changed in place, revoke, remove), platform users, API keys (the value shown once and
 * working on the API), the audit log (filters, paging) and embedding (a signing key that signs a
 * user in, allowed origins); and a member who is no admin opening the platform pages.
 */
import { createPieceworkClient } from '@piecework/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEmbedToken } from '../../../examples/embed-host/sign-embed-token';
import { placeFixturePiece } from '../../server/src/testing/test-pieces';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { pickOption } from './support/combobox';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

const ECHO = '@fixtures/piece-echo';
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" fill="#5a3fd6"/></svg>';

let ui: UiHarness;
let admin: SignedUpUser;

/** Signs `email` up as the invitee of `link` (the invitation answered to the inviter without SMTP). */
async function joinThrough(link: string, email: string): Promise<SignedUpUser> {
  const anonymous = createPieceworkClient({ baseUrl: ui.url });
  const token = new URL(link).searchParams.get('token') ?? '';
  await anonymous.userInvitations.accept({ invitationToken: token });
  const password = 'a long password 1';
  const session = await anonymous.authentication.signUp({
    email,
    password,
    firstName: 'Max',
    lastName: 'Member',
  });
  if (session.projectId === null) throw new Error('sign-up answered no project');
  return { session, client: anonymous.withToken(session.token), projectId: session.projectId, password };
}

/** The row of the page's tables that shows `text`. */
function row(text: string) {
  return ui.page.getByRole('row').filter({ hasText: text });
}

/** The page's rows of the first table, as their visible text. */
async function rowTexts(): Promise<string[]> {
  return ui.page.locator('table.data').first().locator('tbody tr').allInnerTexts();
}

beforeAll(async () => {
  ui = await startUi();
  // Piece logos are on other sites: the test serves one, offline.
  await ui.context.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO }),
  );
  await placeFixturePiece(ui.server.server.context.settings.piecesDir, 'piece-echo', '1.0.0');
  admin = await signUpThroughApi(ui.url, 'Ada');
  for (const { externalId, displayName } of [
    { externalId: 'echo-production', displayName: 'Echo production' },
    { externalId: 'echo-staging', displayName: 'Echo staging' },
  ]) {
    await admin.client.appConnections.upsert({
      externalId,
      displayName,
      pieceName: ECHO,
      projectId: admin.projectId,
      type: 'SECRET_TEXT',
      value: { type: 'SECRET_TEXT', secret_text: `${externalId}-key` },
    });
  }
});
afterAll(() => ui?.close());

describe('connections', () => {
  it('lists, searches, renames and deletes connections', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/connections`);
    // The piece's display name, from the catalogue.
    await row('Echo staging').getByRole('cell', { name: 'Echo', exact: true }).waitFor();
    expect(await rowTexts()).toEqual([
      expect.stringMatching(/Echo\s+Echo staging\s+echo-staging\s+Active/),
      expect.stringMatching(/Echo\s+Echo production\s+echo-production\s+Active/),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'connections');

    await page.getByLabel('Search connections').fill('product');
    await row('Echo staging').waitFor({ state: 'detached' });
    expect(await rowTexts()).toEqual([expect.stringContaining('Echo production')]);
    await page.getByLabel('Search connections').fill('nothing like it');
    await page.getByText('No connection’s name contains “nothing like it”.').waitFor();
    await page.getByLabel('Search connections').fill('');

    await page.getByRole('button', { name: 'Actions of connection Echo staging' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog', { name: 'Rename the connection' }).getByLabel('Name').fill('Echo testing');
    await page.getByRole('button', { name: 'Save' }).click();
    await row('Echo testing').waitFor();
    const renamed = await admin.client.appConnections.list({ projectId: admin.projectId });
    expect(renamed.data.map((connection) => connection.displayName).sort()).toEqual([
      'Echo production',
      'Echo testing',
    ]);

    await page.getByRole('button', { name: 'Actions of connection Echo testing' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete the connection?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row('Echo testing').waitFor({ state: 'detached' });
    const left = await admin.client.appConnections.list({ projectId: admin.projectId });
    expect(left.data.map((connection) => connection.externalId)).toEqual(['echo-production']);
    expect(ui.console.errors).toEqual([]);
  });

  it('offers the pieces that need a connection and opens the new-connection dialog of the one chosen', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: 'New connection' }).click();
    const choose = page.getByRole('dialog', { name: 'New connection' });
    const pieces = choose.getByRole('list', { name: 'Pieces that need a connection' });
    // Only pieces with auth: the built-in ones (webhook, http...) need none.
    await pieces.getByRole('button').first().waitFor();
    await expect(pieces.getByRole('button').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/Echo\s+@fixtures\/piece-echo/),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await choose.getByLabel('Search pieces').fill('slack');
    await choose.getByText('No piece matches “slack”.').waitFor();
    await choose.getByLabel('Search pieces').fill('ech');
    await pieces.getByRole('button', { name: /Echo/ }).click();
    await choose.waitFor({ state: 'detached' });
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(ui.console.errors).toEqual([]);
  });

  it('fits a 400 px wide window without scrolling sideways', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 400, height: 720 });
    try {
      await page.reload();
      await row('Echo production').waitFor();
      const width = await page.evaluate('document.documentElement.scrollWidth');
      expect(width).toBeLessThanOrEqual(400);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});

describe('members', () => {
  let member: SignedUpUser;
  const memberEmail = `max.${String(Date.now())}@example.com`;

  it('invites someone with a role; once they join, their role changes in the list', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/members`);
    await page.getByText('No member yet').waitFor();
    await page.getByRole('button', { name: 'Invite' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite to the project' });
    await invite.getByLabel('Email').fill(memberEmail);
    await pickOption(invite.getByLabel('Project role'), 'Viewer');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await invite.getByRole('button', { name: 'Invite' }).click();
    // The test server sends no email: the link is shown to pass on.
    const share = page.getByRole('dialog', { name: 'Share the invitation link' });
    const link = await share.getByLabel('Invitation link').inputValue();
    expect(link).toContain('/invitation?token=');
    await share.getByRole('button', { name: 'Done' }).click();
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await pending.getByRole('row').filter({ hasText: memberEmail }).waitFor();
    await expect(pending.locator('tbody tr').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(new RegExp(`${memberEmail.replaceAll('.', '\\.')}\\s+Viewer`)),
    ]);

    member = await joinThrough(link, memberEmail);
    await page.reload();
    const role = page.getByLabel('Role of Max Member');
    await expect.poll(() => role.textContent()).toBe('Viewer');
    await pending.getByText('No invitation is waiting for an answer.').waitFor();
    await pickOption(role, 'Editor');
    await page.getByText('Max Member is now Editor').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Role of Max Member').textContent()).toBe('Editor');
    const members = await admin.client.projectMembers.list({ projectId: admin.projectId });
    expect(members.data.map((each) => [each.user.email, each.projectRole.name])).toEqual([
      [memberEmail, 'Editor'],
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'members');
    expect(ui.console.errors).toEqual([]);
  });

  it('revokes a pending invitation and removes a member', async () => {
    const { page } = ui;
    const other = `other.${String(Date.now())}@example.com`;
    await admin.client.userInvitations.create({
      type: 'PROJECT',
      email: other,
      projectId: admin.projectId,
      projectRole: 'Viewer',
    });
    await page.reload();
    await page.getByRole('button', { name: `Revoke the invitation of ${other}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke the invitation?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByText('No invitation is waiting for an answer.').waitFor();
    await page.getByRole('button', { name: 'Remove Max Member' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove the member?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByText('No member yet').waitFor();
    const invitations = await admin.client.userInvitations.list({ projectId: admin.projectId });
    expect(invitations.data).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });

  it('shows a member who is no platform admin that the platform pages are for admins', async () => {
    const { page } = ui;
    ui.console.allow(/status of 403 .*\/api\/v1\/(users|api-keys|audit-events)\b/);
    for (const path of ['/platform/users', '/platform/api-keys', '/platform/audit-log']) {
      await openSignedIn(page, ui.url, member, path);
      await page.getByText('Only platform admins can open this page.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    expect(ui.console.errors).toEqual([]);
  });
});

describe('platform', () => {
  it('lists the users; deactivates, reactivates and changes the platform role of one', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, '/platform/users');
    await page.getByLabel('Platform role of Max Member').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Actions of user Max Member' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByText('Max Member is deactivated').waitFor();
    const row = page.getByRole('row', { name: /Max Member/ });
    await row.getByText('Deactivated').waitFor();
    await page.getByRole('button', { name: 'Actions of user Max Member' }).click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    await pickOption(page.getByLabel('Platform role of Max Member'), 'Operator');
    await page.getByText('Max Member is now Operator').waitFor();
    const users = await admin.client.users.list({ email: 'max.' });
    expect(users.data.map((user) => [user.platformRole, user.status])).toEqual([['OPERATOR', 'ACTIVE']]);
    expect(ui.console.errors).toEqual([]);
  });

  it('creates an API key, shows its value once, and the key works on the API until deleted', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, '/platform/api-keys');
    await page.getByText('No API key yet.').waitFor();
    await page.getByRole('button', { name: 'New API key' }).click();
    await page.getByRole('dialog', { name: 'New API key' }).getByLabel('Name').fill('CI deploys');
    await page.getByRole('button', { name: 'Create' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
    await shown.getByText('it will not be shown again').waitFor();
    const value = await shown.getByLabel('API key CI deploys').inputValue();
    expect(value).toMatch(/^sk-/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();
    await row('CI deploys').waitFor();
    expect(await page.content()).not.toContain(value);
    await page.getByRole('cell', { name: `sk-...${value.slice(-4)}` }).waitFor();
    await saveScreenshot(page, 'api-keys');

    const withKey = createPieceworkClient({ baseUrl: ui.url, token: value });
    const listed = await withKey.projects.list();
    expect(listed.data.map((project) => project.id)).toContain(admin.projectId);

    await page.getByRole('button', { name: 'Delete the API key CI deploys' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete the API key?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No API key yet.').waitFor();
    await expect(withKey.projects.list()).rejects.toMatchObject({ status: 401 });
    expect(ui.console.errors).toEqual([]);
  });

  it('shows the audit log newest first, filtered by event, a page of 20 at a time', async () => {
    const { page } = ui;
    for (let index = 1; index <= 22; index += 1) {
      await admin.client.folders.create({
        projectId: admin.projectId,
        displayName: `Folder ${String(index)}`,
      });
    }
    await openSignedIn(page, ui.url, admin, '/platform/audit-log');
    await page.getByText('Folder “Folder 22”', { exact: true }).waitFor();
    expect(await rowTexts()).toHaveLength(20);
    expect((await rowTexts())[0]).toContain('Folder “Folder 22”');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'audit-log');

    await pickOption(page.getByLabel('Event', { exact: true }), 'API key created');
    await page.getByText('API key “CI deploys”', { exact: true }).waitFor();
    expect(await rowTexts()).toEqual([expect.stringMatching(/API key created\s+API key “CI deploys”/)]);

    await pickOption(page.getByLabel('Event', { exact: true }), 'Folder created');
    await page.getByText('Folder “Folder 22”', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Folder “Folder 2”', { exact: true }).waitFor();
    expect((await rowTexts()).map((text) => /Folder “(Folder \d+)”/.exec(text)?.[1])).toEqual([
      'Folder 2',
      'Folder 1',
    ]);
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await page.getByText('Folder “Folder 22”', { exact: true }).waitFor();
    expect(await rowTexts()).toHaveLength(20);
    expect(ui.console.errors).toEqual([]);
  });
});

describe('embedding', () => {
  it('creates a signing key whose private key is shown once and signs users in; adds and removes origins', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, '/platform/embedding');
    await page.getByText('No signing key yet.').waitFor();
    await page.getByRole('button', { name: 'New signing key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New signing key' });
    await dialog.getByLabel('Name').fill('Production backend');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy your new private key' });
    const privateKey = await shown
      .getByLabel(/^Private key of Production backend/)
      .inputValue({ timeout: 30_000 });
    expect(privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    await shown.getByRole('button', { name: 'Done' }).click();
    const keys = await admin.client.signingKeys.list({});
    expect(keys.data.map((key) => key.displayName)).toEqual(['Production backend']);
    const keyId = keys.data[0]!.id;
    await row('Production backend').getByText(keyId).waitFor();
    // The key shown is the one the server verifies with: a user signed with it gets a session.
    const token = signEmbedToken(
      {
        externalUserId: 'settings-user',
        externalProjectId: 'settings-project',
        firstName: 'Sam',
        lastName: 'Host',
      },
      { id: keyId, privateKey },
    );
    const session = await createPieceworkClient({ baseUrl: ui.url }).managedAuthn.externalToken({
      externalAccessToken: token,
    });
    expect(session.externalId).toBe('settings-user');

    await page.getByText('No origin yet').waitFor();
    const origin = page.getByLabel('Origin', { exact: true });
    await origin.fill('https://app.example.com/path');
    await page.getByRole('button', { name: 'Add origin' }).click();
    await page.getByText('Enter an origin like https://app.example.com, without a path').waitFor();
    await origin.fill('https://app.example.com/');
    await page.getByRole('button', { name: 'Add origin' }).click();
    await page
      .getByRole('list', { name: 'Allowed embed origins' })
      .getByText('https://app.example.com')
      .waitFor();
    await origin.fill('https://*.example.org');
    await page.getByRole('button', { name: 'Add origin' }).click();
    await page.getByRole('button', { name: 'Remove https://*.example.org' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'embedding-settings');
    await expect(admin.client.embedding.listAllowedOrigins()).resolves.toEqual({
      allowedEmbedOrigins: ['https://app.example.com', 'https://*.example.org'],
    });
    await page.getByRole('button', { name: 'Remove https://app.example.com' }).click();
    await page.getByRole('button', { name: 'Remove https://app.example.com' }).waitFor({ state: 'detached' });
    await expect(admin.client.embedding.listAllowedOrigins()).resolves.toEqual({
      allowedEmbedOrigins: ['https://*.example.org'],
    });
    expect(ui.console.errors).toEqual([]);
  });
});
