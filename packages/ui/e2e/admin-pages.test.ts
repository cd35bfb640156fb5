/**
 * The failure-alert, event-destination, global-connection and plan pages in Chromium against a
 * real server (one for the file), each doing its main action for real: a project's admin adds
 * an alert receiver; a platform admin creates an event destination pointing at a loopback
 * receiver, sends it a test event and sees a real event's delivery in its log; creates a global
 * connection for a project without its secret ever coming back; and enters a license key signed
 * by the server's vendor key (a bad one first, refused with the server's message).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEventSink, type EventSink } from '../../server/src/testing/features/event-sink-test-kit';
import { licenseIssuer } from '../../server/src/testing/test-license';
import { placeFixturePiece } from '../../server/src/testing/test-pieces';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { startUi, type UiHarness } from './support/ui-harness';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" fill="#5a3fd6"/></svg>';
const vendor = licenseIssuer();
let ui: UiHarness;
let sink: EventSink;
let admin: SignedUpUser;

beforeAll(async () => {
  // Deliveries go to the loopback receiver: the outbound filter lets 127.0.0.1 through.
  ui = await startUi({
    env: { AP_LICENSE_PUBLIC_KEY: vendor.publicKeyPem, AP_SSRF_ALLOW_LIST: '127.0.0.1' },
  });
  await ui.context.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO }),
  );
  await placeFixturePiece(ui.server.server.context.settings.piecesDir, 'piece-echo', '1.0.0');
  sink = await startEventSink();
  admin = await signUpThroughApi(ui.url, 'Ada');
});
afterAll(async () => {
  await sink?.close();
  await ui?.close();
});

describe('failure alerts', () => {
  it('adds a receiver, refusing a malformed address first, and removes it', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/alerts`);
    await page.getByText('No receiver yet').waitFor();
    await page.getByLabel('Email address').fill('not an address');
    await page.getByRole('button', { name: 'Add receiver' }).click();
    await page.getByText('Enter an email address like ops@example.com').waitFor();
    await page.getByLabel('Email address').fill('ops@example.com');
    await page.getByRole('button', { name: 'Add receiver' }).click();
    await page.getByRole('row').filter({ hasText: 'ops@example.com' }).waitFor();
    const stored = await admin.client.alerts.list({ projectId: admin.projectId });
    expect(stored.data.map((alert) => alert.receiver)).toEqual(['ops@example.com']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Remove ops@example.com' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove the receiver?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByText('No receiver yet').waitFor();
    expect((await admin.client.alerts.list({ projectId: admin.projectId })).data).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });
});

describe('event destinations', () => {
  it('creates a destination, test-sends to it and shows a real delivery in its log', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, '/platform/event-destinations');
    await page.getByText('No event destination yet.').waitFor();
    await page.getByRole('button', { name: 'New event destination' }).click();
    const create = page.getByRole('dialog', { name: 'New event destination' });
    await create.getByLabel('URL').fill('not a url');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.getByText('Enter an absolute http or https URL').waitFor();
    await create.getByLabel('URL').fill(sink.url);
    await create.getByLabel('Name').fill('Audit sink');
    await create.getByRole('checkbox', { name: 'folder.created' }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Save' }).click();
    const secret = page.getByRole('dialog', { name: 'Copy the signing secret' });
    await expect(secret.getByLabel('Signing secret').inputValue()).resolves.toMatch(/^whsec_/);
    await secret.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('link', { name: 'Audit sink' }).click();
    await page.getByRole('heading', { name: 'Audit sink', level: 1 }).waitFor();
    await page.getByText('No delivery yet').waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('status').filter({ hasText: 'Delivered: HTTP 200' }).waitFor();
    expect(sink.events()).toEqual([expect.objectContaining({ action: 'flow.created' })]);

    // A real event of a kind the destination takes is delivered in the background and logged.
    await admin.client.folders.create({ projectId: admin.projectId, displayName: 'Reports' });
    await expect.poll(() => sink.requests.length).toBe(2);
    const delivered = page
      .getByRole('row')
      .filter({ hasText: 'folder.created' })
      .filter({ hasText: 'delivered' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return delivered.count();
      })
      .toBe(1);
    await expect(delivered.innerText()).resolves.toContain('HTTP 200');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });
});

describe('global connections', () => {
  it('creates a connection for a project; its secret never comes back', async () => {
    const { page } = ui;
    const project = (await admin.client.projects.get(admin.projectId)).displayName;
    await openSignedIn(page, ui.url, admin, '/platform/global-connections');
    await page.getByText('No global connection yet.').waitFor();
    await page.getByRole('button', { name: 'New global connection' }).click();
    const choose = page.getByRole('dialog', { name: 'New global connection' });
    await choose.getByRole('button', { name: /Echo/ }).click();
    const form = page.getByRole('dialog', { name: 'New global Echo connection' });
    await form.getByLabel('Connection name').fill('Shared echo');
    await form.getByLabel('External ID').fill('shared-echo');
    await form.getByLabel('API key').fill('top-secret-value-1');
    await expect(form.getByRole('checkbox', { name: project }).isChecked()).resolves.toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Shared echo' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain(project);
    expect(await page.content()).not.toContain('top-secret-value-1');
    const stored = await admin.client.globalConnections.list({});
    expect(stored.data).toEqual([
      expect.objectContaining({
        externalId: 'shared-echo',
        projectIds: [admin.projectId],
        scope: 'PLATFORM',
      }),
    ]);
    expect(JSON.stringify(stored)).not.toContain('top-secret-value-1');

    // Saving under a taken external id would replace that connection: the form refuses it.
    await page.getByRole('button', { name: 'New global connection' }).click();
    await page
      .getByRole('dialog', { name: 'New global connection' })
      .getByRole('button', { name: /Echo/ })
      .click();
    const again = page.getByRole('dialog', { name: 'New global Echo connection' });
    await again.getByLabel('External ID').fill('shared-echo');
    await again.getByText('The platform already has a global connection with this external id.').waitFor();
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'detached' });
    expect(ui.console.errors).toEqual([]);
  });
});

describe('plan and license', () => {
  it('refuses a malformed key with the server message, then activates a signed one, shown masked', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, '/platform/plan');
    await page.getByRole('heading', { name: 'Plan: free' }).waitFor();
    await page.getByText('No license key yet').waitFor();
    await page.getByRole('textbox', { name: 'License key' }).fill('not-a-key');
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('A license key is two base64url parts joined by a dot').waitFor();

    const key = vendor.mint({ plan: 'business', limits: { activeFlows: 10 } });
    await page.getByRole('textbox', { name: 'License key' }).fill(key);
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('heading', { name: 'Plan: business' }).waitFor();
    await page.getByText(`…${key.slice(-6)}`).waitFor();
    await expect(page.getByRole('row').filter({ hasText: 'Active flows' }).innerText()).resolves.toMatch(
      /Active flows\s+0\s+10/,
    );
    expect(await page.content()).not.toContain(key.slice(0, 24));
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The refused key's 400, which the page showed as the server's message.
    expect(ui.console.errors).toEqual([expect.stringMatching(/status of 400 .*platform-billing\/activate/)]);
  });
});
