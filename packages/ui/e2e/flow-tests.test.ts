/**
 * Flow tests in Chromium: a production run saved as a test case from its page, passing in the
 * builder's Tests tab (its random-number piece step answered from the recording), failing with a
 * readable diff once the draft computes something else, its expectations edited as JSON with the
 * server's refusal shown, renamed and deleted; and "Compare" before publishing, where a changed
 * branch condition shows the run that would now take another path, and publishing from there.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { pieceAction } from '../../server/src/testing/features/run-runtime-test-kit';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import {
  addInBranch,
  code,
  createWebhookFlow,
  fireWebhook,
  routerAbove5,
  waitForRun,
} from './support/flow-fixtures';
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
afterAll(() => ui?.close());
beforeEach(() => {
  ui.console.errors.length = 0;
});

/** Serious accessibility violations in the light and in the dark theme. */
async function violationsInBothThemes(): Promise<string[]> {
  const found = await seriousAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await expect.poll(() => page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
    return [...found, ...(await seriousAxeViolations(page)).map((violation) => `dark: ${violation}`)];
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

it('saves a run as a test case, sees it pass, then fail with a diff after the draft changed', async () => {
  const flow = await createWebhookFlow(user, 'Lucky totals', {
    steps: [
      pieceAction('step_1', '@activepieces/piece-math-helper', 'generateRandom_math', {
        first_number: 1,
        second_number: 1_000_000,
      }),
      code('step_2', 'return { total: inputs.amount * 2 };', { amount: "{{trigger['output'].body.amount}}" }),
    ],
    publish: true,
  });
  const run = await waitForRun(user, await fireWebhook(ui.url, flow.id, { amount: 21 }));
  expect(run.status).toBe('SUCCEEDED');

  // Saved from the run's page, then opened in the builder's Tests tab.
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/runs/${run.id}`);
  await page.getByRole('button', { name: 'Save as test case' }).click();
  const save = page.getByRole('dialog', { name: 'Save as test case' });
  await save.getByLabel('Test case name').fill('Twenty-one doubles');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await save.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Open in the Tests tab' }).click();
  const tests = page.getByRole('complementary', { name: 'Tests' });
  const testCase = tests.getByRole('listitem', { name: 'Twenty-one doubles' });
  await testCase.waitFor();
  expect(new URL(page.url()).searchParams.get('panel')).toBe('tests');
  expect(await testCase.getByText('Not run').count()).toBe(1);

  // It passes on the draft: the piece step answered from its recording, the code step ran.
  await tests.getByRole('button', { name: 'Run all' }).click();
  await tests.getByRole('status').filter({ hasText: '1 passed, 0 failed' }).waitFor({ timeout: 30_000 });
  expect(await testCase.getByText('Passed', { exact: true }).count()).toBe(1);
  await testCase.getByRole('button', { name: 'Show result of Twenty-one doubles' }).click();
  const steps = testCase.getByRole('list', { name: 'Steps of Twenty-one doubles' });
  await steps.waitFor();
  expect(await steps.getByRole('listitem').filter({ hasText: 'step_1' }).textContent()).toContain('Recorded');
  expect(await steps.getByRole('listitem').filter({ hasText: 'step_2' }).textContent()).toContain('Ran');

  // The draft now triples: the result is marked outdated, and the next run fails with a diff.
  await user.client.flows.update(flow.id, {
    type: 'UPDATE_ACTION',
    request: code('step_2', 'return { total: inputs.amount * 3 };', {
      amount: "{{trigger['output'].body.amount}}",
    }),
  });
  await testCase.getByText('The draft changed since').waitFor();
  await tests.getByRole('button', { name: 'Run all' }).click();
  await tests.getByRole('status').filter({ hasText: '0 passed, 1 failed' }).waitFor({ timeout: 30_000 });
  expect(await testCase.getByText('Failed', { exact: true }).count()).toBe(1);
  const failures = testCase.getByRole('list', { name: 'Failures of Twenty-one doubles' });
  const failure = failures.getByRole('listitem').filter({ hasText: 'Output of step_2' });
  await failure.waitFor();
  const diff = failure.getByLabel(/^Difference in Output of step_2/);
  expect(await diff.locator('.diff-removed').allTextContents()).toEqual(
    expect.arrayContaining([expect.stringContaining('42')]),
  );
  expect(await diff.locator('.diff-added').allTextContents()).toEqual(
    expect.arrayContaining([expect.stringContaining('63')]),
  );
  await saveScreenshot(page, 'flow-tests');
  expect(await violationsInBothThemes()).toEqual([]);

  // Expectations edited as JSON: the server's refusal names the expectation, a valid list saves.
  await testCase.getByRole('button', { name: 'Actions of test case Twenty-one doubles' }).click();
  await page.getByRole('menuitem', { name: 'Edit expectations' }).click();
  const editor = page.getByRole('dialog', { name: 'Expectations of Twenty-one doubles' });
  const json = editor.getByLabel('Expectations (JSON)');
  await json.fill('[{ "type": "STEP_OUTPUT", "equals": 42 ');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.getByRole('alert').filter({ hasText: 'This is not valid JSON' }).waitFor();
  await json.fill('[{ "type": "STEP_OUTPUT", "equals": { "total": 42 } }]');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.getByRole('alert').filter({ hasText: 'Expectation 1, stepName' }).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await json.fill('[{ "type": "STEP_OUTPUT", "stepName": "step_2", "path": "total", "equals": 63 }]');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  await testCase.getByText('1 expectation', { exact: false }).waitFor();
  await testCase.getByRole('button', { name: 'Run Twenty-one doubles' }).click();
  await tests.getByRole('status').filter({ hasText: '1 passed, 0 failed' }).waitFor({ timeout: 30_000 });

  // Renamed, then deleted.
  await testCase.getByRole('button', { name: 'Actions of test case Twenty-one doubles' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByLabel('Test case name').fill('Triples');
  await page
    .getByRole('dialog', { name: 'Rename test case' })
    .getByRole('button', { name: 'Rename' })
    .click();
  const renamed = tests.getByRole('listitem', { name: 'Triples' });
  await renamed.waitFor();
  expect((await user.client.flowTests.list(flow.id)).map((each) => each.displayName)).toEqual(['Triples']);
  await renamed.getByRole('button', { name: 'Actions of test case Triples' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Triples?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await tests.getByText('No test cases yet').waitFor();
  expect(await user.client.flowTests.list(flow.id)).toEqual([]);
  // The refused expectations' answer is the one error the page logs.
  expect(ui.console.errors).toEqual([expect.stringMatching(/status of 400 .*\/api\/v1\/test-cases\//)]);
});

it('compares the draft with recent runs: a changed branch condition shows the run that changes', async () => {
  const flow = await createWebhookFlow(user, 'Big orders', {
    steps: [routerAbove5('step_1', "{{trigger['output'].body.n}}")],
    operations: [
      addInBranch(code('step_2', "return 'big';"), 'step_1', 0),
      addInBranch(code('step_3', "return 'small';"), 'step_1', 1),
    ],
    publish: true,
  });
  const small = await fireWebhook(ui.url, flow.id, { n: 3 });
  const big = await fireWebhook(ui.url, flow.id, { n: 8 });
  for (const runId of [small, big]) expect((await waitForRun(user, runId)).status).toBe('SUCCEEDED');

  // "Big" now means over 10: the run with 8 takes the other branch.
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}?step=step_1`);
  const branch = page
    .getByRole('complementary', { name: 'Router step_1' })
    .getByRole('region', { name: 'Branch Big' });
  await branch.getByLabel('Second value').fill('10');
  await branch.getByLabel('Second value').press('Enter');
  await expect
    .poll(async () => {
      const router = (await user.client.flows.get(flow.id)).version.trigger.nextAction;
      const first = router?.type === 'ROUTER' ? router.settings.branches[0] : undefined;
      const condition = first?.branchType === 'CONDITION' ? first.conditions[0]?.[0] : undefined;
      return condition !== undefined && 'secondValue' in condition ? condition.secondValue : undefined;
    })
    .toBe('10');
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();

  await page.getByRole('button', { name: 'Compare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare the draft with recent runs' });
  const summary = dialog.locator('.compare-summary');
  await expect.poll(() => summary.count(), { timeout: 30_000 }).toBe(1);
  await expect
    .poll(() => summary.textContent(), { timeout: 30_000 })
    .toBe('Of the last 2 production runs: 1 same, 1 changed, 0 would call a service, 0 failed.');
  const changed = dialog.getByRole('listitem', { name: `Run ${big}: Changed` });
  expect(await changed.getByText('Took another path').count()).toBe(1);
  expect(await dialog.getByRole('listitem', { name: `Run ${small}: Same` }).count()).toBe(1);
  const changedSteps = changed.getByRole('list', { name: `Changed steps of run ${big}` });
  expect(await changedSteps.textContent()).toContain('step_2');
  await saveScreenshot(page, 'compare-before-publish');
  expect(await violationsInBothThemes()).toEqual([]);

  // Published from the dialog.
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(async () => {
      const after = await user.client.flows.get(flow.id);
      return after.publishedVersionId !== flow.publishedVersionId && after.version.state === 'LOCKED';
    })
    .toBe(true);
  expect(ui.console.errors).toEqual([]);
});
