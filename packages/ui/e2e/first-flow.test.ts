/**
 * A newcomer's first flow, all through the web app in Chromium: sign up, create a flow, choose the
 * webhook trigger, add a code step (typed in the code editor, its input mapped from the webhook's
 * body) and a router with two branches, a code step in each; publish; fire the webhook; open the
 * run and read every step's output.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pickOption } from './support/combobox';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui?.close());

/** Fits the flow in view and clicks the "+" named `name`, then `item` in the piece picker. */
async function addStep(page: Page, plus: string, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.getByRole('button', { name: plus }).click();
  await page.getByRole('dialog').getByRole('button', { name: item, exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Opens the settings of the step whose card shows `stepName`. */
async function openCard(page: Page, stepName: string): Promise<void> {
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.locator('button[aria-pressed]', { hasText: stepName }).first().click();
  await page.getByRole('complementary', { name: /^Settings of/ }).waitFor();
}

/** Replaces the code of the open code step `stepName` by typing `code`, and waits until saved. */
async function typeCode(page: Page, stepName: string, code: string): Promise<void> {
  await page.getByRole('textbox', { name: `${stepName} index.ts` }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(code);
  await page
    .locator('.save-status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
}

it('signs up, builds a webhook flow with a code step and a router, publishes it, and reads its run', async () => {
  const { page } = ui;
  await page.goto(`${ui.url}/sign-up`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password').fill('a long password 1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/projects\/\w+\/flows$/);

  await page.getByRole('button', { name: 'New flow' }).click();
  await page.waitForURL(/\/projects\/\w+\/flows\/\w+/);
  const [, projectId, flowId] = /\/projects\/(\w+)\/flows\/(\w+)/.exec(page.url()) ?? [];

  // The webhook trigger.
  await page.getByRole('button', { name: /Select trigger/ }).click();
  await page.getByLabel('Search pieces').fill('webhook');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Catch Webhook/ })
    .click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // A code step greeting the name the webhook's body carries.
  await addStep(page, 'Add a step after trigger', 'Code');
  await openCard(page, 'step_1');
  await typeCode(
    page,
    'step_1',
    "export const code = async (inputs) => ({ greeting: 'Hello ' + inputs.name });",
  );
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByLabel('Name of input 1').fill('name');
  await page.getByLabel('Value of name').fill("{{trigger['output']['body']['name']}}");
  await page
    .locator('.save-status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();

  // A router: "Branch 1" when the greeting mentions Ada, "Otherwise" else; a code step in each.
  await addStep(page, 'Add a step after step_1', 'Router');
  const router = page.getByRole('complementary', { name: 'Router step_2' });
  const first = router.getByRole('region', { name: 'Branch Branch 1' });
  await first.getByLabel('First value').fill("{{step_1['output']['greeting']}}");
  await first.getByLabel('First value').press('Enter');
  await pickOption(first.getByLabel('Operator'), '(Text) Contains');
  await first.getByLabel('Second value').fill('Ada');
  await first.getByLabel('Second value').press('Enter');
  await addStep(page, 'Add a step in branch “Branch 1” of step_2', 'Code');
  await openCard(page, 'step_3');
  await typeCode(page, 'step_3', "export const code = async () => ({ branch: 'ada' });");
  await addStep(page, 'Add a step in branch “Otherwise” of step_2', 'Code');
  await openCard(page, 'step_4');
  await typeCode(page, 'step_4', "export const code = async () => ({ branch: 'someone else' });");

  // Publish (the switch turns on), then call the flow's webhook.
  const publish = page.getByRole('button', { name: 'Publish' });
  await expect.poll(() => publish.isEnabled(), { timeout: 15_000 }).toBe(true);
  await publish.click();
  await expect
    .poll(async () => (await fetchFlowStatus(ui.url, flowId!)) === 'published', { timeout: 15_000 })
    .toBe(true);
  const webhook = await fetch(`${ui.url}/api/v1/webhooks/${flowId!}/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada' }),
  });
  expect(webhook.status).toBeLessThan(300);

  // The run, opened from the runs list: every step that ran shows its output.
  await page.goto(`${ui.url}/projects/${projectId!}/runs`);
  await page.locator('table.runs-table tbody tr').first().getByRole('link').click();
  await page.locator('.run-header .status-badge', { hasText: 'Succeeded' }).waitFor();
  const tree = page.getByRole('navigation', { name: 'Steps of the run' });
  // Every code step is named "Code": the first is step_1, the second the one in "Branch 1".
  const output = async (index: number) => {
    await tree
      .getByRole('button', { name: /^Code\s/ })
      .nth(index)
      .click();
    return JSON.parse((await page.getByLabel('Output of Code').textContent()) ?? 'null') as unknown;
  };
  expect(await output(0)).toEqual({ greeting: 'Hello Ada' });
  expect(await tree.locator('.branch-label').allTextContents()).toEqual(['Branch 1']);
  expect(await output(1)).toEqual({ branch: 'ada' });
  await tree.getByRole('button', { name: /^Router\s/ }).click();
  expect(await page.getByLabel('Output of Router').textContent()).toContain('Branch 1');
  expect(ui.console.errors).toEqual([]);
});

/** Whether the flow has a published version, read through the API with the page's session. */
async function fetchFlowStatus(url: string, flowId: string): Promise<string> {
  const token = (await ui.page.evaluate(
    "JSON.parse(localStorage.getItem('piecework.session')).token",
  )) as string;
  const answer = await fetch(`${url}/api/v1/flows/${flowId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const flow = (await answer.json()) as { publishedVersionId: string | null };
  return flow.publishedVersionId === null ? 'draft' : 'published';
}
