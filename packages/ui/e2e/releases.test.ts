/**
 * Releases in Chromium against a real server: a platform admin turns releases on for the main
 * project and releases a staging project into it — reviews the plan (a new flow and a new
 * table), applies it, and finds the release in the list and the flow and table in the project.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { pickOption } from './support/combobox';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url, 'Ada');
});
afterAll(() => ui?.close());
beforeEach(() => {
  ui.console.errors.length = 0;
});

describe('the releases page', () => {
  it('reviews and applies a release from another project', async () => {
    const { client } = user;
    const staging = await client.projects.create({ displayName: 'Staging' });
    await client.flows.create({ projectId: staging.id, displayName: 'Release me' });
    await client.tables.create({
      projectId: staging.id,
      name: 'Inventory',
      fields: [{ name: 'Item', type: 'TEXT' }],
    });
    const { page } = ui;
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Releases' }).click();
    await page.getByRole('heading', { name: 'Releases', level: 1 }).waitFor();
    await page.getByText('No releases yet.').waitFor();
    // Releases start off for a project; turning them on offers "Create release".
    expect(await page.getByRole('button', { name: 'Create release' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Turn on releases' }).click();

    await page.getByRole('button', { name: 'Create release' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create release' });
    await pickOption(dialog.getByLabel('Release from project'), 'Staging');
    await dialog.getByLabel('Release name').fill('v1');
    await dialog.getByRole('button', { name: 'Review changes' }).click();
    const changes = dialog.getByRole('list', { name: 'Changes' });
    await changes.or(dialog.getByRole('alert')).waitFor();
    expect(await dialog.getByRole('alert').count(), (await dialog.textContent()) ?? '').toBe(0);
    await expect
      .poll(async () =>
        (await changes.getByRole('listitem').allTextContents()).map((text) => text.trim()).sort(),
      )
      .toEqual(['New flow Release me', 'New table Inventory']);
    // Reviewing changed nothing.
    expect((await client.flows.list({ projectId: user.projectId })).data).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'release-review');

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Released “v1”').waitFor();
    const row = page.getByRole('row', { name: /v1/ });
    await row.getByRole('cell', { name: 'Staging' }).waitFor();
    const flows = (await client.flows.list({ projectId: user.projectId })).data;
    expect(flows.map((flow) => flow.version.displayName)).toEqual(['Release me']);
    const tables = (await client.tables.list({ projectId: user.projectId })).data;
    expect(tables.map((table) => table.name)).toEqual(['Inventory']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'releases');
    expect(ui.console.errors).toEqual([]);
  });
});
