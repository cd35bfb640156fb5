/**
 * Templates in Chromium against a real server: the gallery of the official templates with its
 * search, category and type filters; using a one-flow template lands in the builder with the
 * flow; using a template of two flows and a table creates them and shows the flows list; saving
 * a flow as a template puts it in the gallery, with the table its steps use.
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

/** The names on the gallery's cards. */
const cardNames = () => ui.page.locator('.template-gallery .template-open').allTextContents();

/** Opens the gallery and waits for its cards. */
async function openGallery(): Promise<void> {
  await openSignedIn(ui.page, ui.url, user, `/projects/${user.projectId}/flows`);
  await ui.page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Templates' }).click();
  await ui.page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
  await ui.page.locator('.template-gallery').waitFor();
}

/** The names of the project's flows. */
async function flowNames(): Promise<string[]> {
  const flows = (await user.client.flows.list({ projectId: user.projectId })).data;
  return flows.map((flow) => flow.version.displayName).sort();
}

describe('the templates gallery', () => {
  it('lists the official templates, searched and filtered by category and type', async () => {
    await openGallery();
    const { page } = ui;
    await expect
      .poll(cardNames)
      .toEqual(['Forward webhooks to another service', 'Hourly status check', 'Collect sign-ups in a table']);
    const card = page.locator('.template-card', { hasText: 'Collect sign-ups in a table' });
    await card.locator('.template-tag', { hasText: 'Tables' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'templates');

    await page.getByLabel('Search templates').fill('sign-up');
    await expect.poll(cardNames).toEqual(['Collect sign-ups in a table']);
    await page.getByLabel('Search templates').fill('');
    await expect.poll(async () => (await cardNames()).length).toBe(3);
    await pickOption(page.getByLabel('Category'), 'Developer tools');
    await expect.poll(cardNames).toEqual(['Forward webhooks to another service']);
    await pickOption(page.getByLabel('Category'), 'All categories');
    await pickOption(page.getByLabel('Type'), 'Custom');
    await page.getByText('No template matches.').waitFor();
    expect(ui.console.errors).toEqual([]);
  });

  it('uses a template of one flow and lands in the builder with it', async () => {
    await openGallery();
    const { page } = ui;
    await page.getByRole('button', { name: 'Forward webhooks to another service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward webhooks to another service' });
    await dialog
      .getByRole('list', { name: 'What the template creates' })
      .getByText('Forward webhooks')
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'template-details');
    await dialog.getByRole('button', { name: 'Use template' }).click();
    await page.waitForURL(new RegExp(`/projects/${user.projectId}/flows/[^/?]+$`));
    await expect.poll(() => page.getByLabel('Flow name').inputValue()).toBe('Forward webhooks');
    const flowId = new URL(page.url()).pathname.split('/').at(-1)!;
    const flow = await user.client.flows.get(flowId);
    expect(flow.version.displayName).toBe('Forward webhooks');
    expect(flow.projectId).toBe(user.projectId);
    expect(ui.console.errors).toEqual([]);
  });

  it('uses a template of two flows and a table, then a flow saved as a template is in the gallery', async () => {
    await openGallery();
    const { page } = ui;
    await page.getByRole('button', { name: 'Collect sign-ups in a table' }).click();
    const dialog = page.getByRole('dialog', { name: 'Collect sign-ups in a table' });
    await dialog.getByText('Sign-ups', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Use template' }).click();
    await page.waitForURL(`${ui.url}/projects/${user.projectId}/flows`);
    await page.getByText('Created 2 flows from “Collect sign-ups in a table”').waitFor();
    expect(await flowNames()).toEqual(expect.arrayContaining(['Greet new sign-ups', 'Store sign-ups']));
    const tables = (await user.client.tables.list({ projectId: user.projectId })).data;
    expect(tables.map((table) => table.name)).toContain('Sign-ups');

    await page.getByRole('button', { name: 'Actions of flow Store sign-ups' }).click();
    await page.getByRole('menuitem', { name: 'Save as template' }).click();
    const save = page.getByRole('dialog', { name: 'Save as template' });
    await save.getByLabel('Template name').fill('Our sign-ups');
    await save.getByLabel('Summary').fill('Sign-ups into our table');
    await save.getByLabel('Include the rows of the tables the flow uses').check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await save.getByRole('button', { name: 'Save template' }).click();
    await save.getByText('Saved “Our sign-ups”').waitFor();
    await save.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await pickOption(page.getByLabel('Type'), 'Custom');
    await expect.poll(cardNames).toEqual(['Our sign-ups']);
    await page.getByRole('button', { name: 'Our sign-ups' }).click();
    const details = page.getByRole('dialog', { name: 'Our sign-ups' });
    const creates = details.getByRole('list', { name: 'What the template creates' });
    await creates.getByText('Store sign-ups').waitFor();
    await creates.getByText('Sign-ups', { exact: true }).waitFor();
    expect(ui.console.errors).toEqual([]);
  });
});
