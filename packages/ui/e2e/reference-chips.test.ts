/**
 * References as chips in the step settings, in Chromium: a reference inserted from the data
 * selector (found with its search by a value deep in the sample data) shows as a chip with the
 * step's label and a preview of its sample value; typing `{{` offers the earlier steps' data and
 * inserts a chip; Backspace deletes a chip whole; and what is saved, read back through the API
 * after a reload, is the exact `{{ }}` text. The earlier step's sample data comes from testing it
 * through the API, as the builder's "Test step" does.
 */
import { findStep, type PopulatedFlow } from '@piecework/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { code, createWebhookFlow } from './support/flow-fixtures';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;
let page: Page;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
  page = ui.page;
});
afterAll(async () => {
  await ui?.close();
});
beforeEach(() => {
  ui.console.errors.length = 0;
});

const CITY = "{{step_1['output']['contact']['city']['name']}}";
const EMAIL = "{{step_1['output']['contact']['email']}}";

/** A flow whose step_1 was tested (its sample output is stored) and step_2 reads nothing yet. */
async function testedFlow(): Promise<PopulatedFlow> {
  const flow = await createWebhookFlow(user, 'Chips', {
    steps: [
      code('step_1', "return { contact: { email: 'ada@example.com', city: { name: 'Lisbon' } } };"),
      code('step_2', 'return inputs;'),
    ],
  });
  await user.client.sampleData.testStep({
    projectId: user.projectId,
    flowVersionId: flow.version.id,
    stepName: 'step_1',
  });
  await expect
    .poll(
      async () => {
        const step = findStep((await user.client.flows.get(flow.id)).version, 'step_1');
        return (step?.settings as { sampleData?: { sampleDataFileId?: string } }).sampleData
          ?.sampleDataFileId;
      },
      { timeout: 30_000 },
    )
    .toEqual(expect.any(String));
  return flow;
}

async function savedInput(flowId: string): Promise<unknown> {
  const step = findStep((await user.client.flows.get(flowId)).version, 'step_2');
  return (step?.settings as { input?: unknown }).input;
}

async function saved(): Promise<void> {
  await page
    .locator('.save-status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
}

it('shows references as chips, completes {{ and saves the exact reference text', async () => {
  const flow = await testedFlow();
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}?step=step_2`);
  const panel = page.getByRole('complementary', { name: /^Settings of/ });
  await panel.waitFor();

  // The data selector's search finds a value deep in step_1's sample data and inserts it.
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByLabel('Name of input 1').fill('city');
  const city = page.getByRole('textbox', { name: 'Value of city' });
  await city.fill('In ');
  const selector = page.getByRole('region', { name: 'Data selector' });
  const search = selector.getByRole('searchbox', { name: 'Search the data of earlier steps' });
  await search.fill('lisbon');
  await selector.locator('mark', { hasText: 'Lisbon' }).waitFor();
  // Arrow keys go from the search box to the results.
  await search.press('ArrowDown');
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toContain('1. Webhook');
  await selector.getByRole('button', { name: 'Insert step_1 contact.city.name' }).click();
  await expect
    .poll(() => city.locator('.reference-chip').textContent())
    .toBe('2. Code step_1 › contact.city.name');
  await expect.poll(() => panel.getByText('Preview: In Lisbon').count()).toBe(1);

  // Typing {{ offers the earlier steps' data; picking one inserts its reference as a chip.
  await selector.getByRole('button', { name: 'Close the data selector' }).click();
  await selector.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByLabel('Name of input 2').fill('mail');
  const mail = page.getByRole('textbox', { name: 'Value of mail' });
  await mail.click();
  await page.keyboard.type('Hi {{');
  const options = page.getByRole('listbox');
  await options.getByRole('option', { name: /2\. Code step_1 › contact\.email/ }).waitFor();
  await page.keyboard.type('contact.email');
  await expect.poll(() => options.getByRole('option').count()).toBe(1);
  await options.getByRole('option', { name: /2\. Code step_1 › contact\.email/ }).click();
  await expect
    .poll(() => mail.locator('.reference-chip').textContent())
    .toBe('2. Code step_1 › contact.email');
  // Backspace deletes the chip whole; the completion brings it back.
  await page.keyboard.press('Backspace');
  await expect.poll(() => mail.locator('.reference-chip').count()).toBe(0);
  await expect.poll(() => mail.textContent()).toBe('Hi ');
  await page.keyboard.type('{{contact.email');
  await options.getByRole('option', { name: /2\. Code step_1 › contact\.email/ }).click();
  await expect.poll(() => mail.locator('.reference-chip').count()).toBe(1);
  await page.keyboard.type('!');
  await expect.poll(() => panel.getByText('Preview: Hi ada@example.com!').count()).toBe(1);
  await saveScreenshot(page, 'reference-chips');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await saved();
  await expect.poll(() => savedInput(flow.id)).toEqual({ city: `In ${CITY}`, mail: `Hi ${EMAIL}!` });

  // After a reload the saved text shows as chips again.
  await page.reload();
  await panel.waitFor();
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Value of mail' }).locator('.reference-chip').textContent())
    .toBe('2. Code step_1 › contact.email');
  expect(await savedInput(flow.id)).toEqual({ city: `In ${CITY}`, mail: `Hi ${EMAIL}!` });
  expect(ui.console.errors).toEqual([]);
});

it('keeps formulas as text and says their value shows after a test', async () => {
  const flow = await testedFlow();
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}?step=step_2`);
  const panel = page.getByRole('complementary', { name: /^Settings of/ });
  await panel.waitFor();
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByLabel('Name of input 1').fill('shout');
  const shout = page.getByRole('textbox', { name: 'Value of shout' });
  const formula = "{{step_1['output'].contact.email.toUpperCase()}}";
  await shout.fill(formula);
  await expect.poll(() => panel.getByText('Preview: shown after a test').count()).toBe(1);
  expect(await shout.locator('.reference-chip').count()).toBe(0);
  await expect.poll(() => shout.textContent()).toBe(formula);
  await saved();
  await expect.poll(() => savedInput(flow.id)).toEqual({ shout: formula });
  expect(ui.console.errors).toEqual([]);
});
