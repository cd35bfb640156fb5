/**
 * Debugging a run in the builder, in Chromium: a published flow fails on a production payload,
 * "Open in builder" on the run page loads the run's outputs as the draft's sample data (the draft
 * having changed since), the failed step is selected and marked, the data selector offers the
 * run's payload, and the fixed step tested alone computes from that payload. And "Test flow"
 * followed on the canvas: a run waiting for an approval shows its steps' statuses as it goes, and
 * every step succeeded once it is approved.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { code, createWebhookFlow, fireWebhook, waitForApproval, waitForRun } from './support/flow-fixtures';
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

/** The canvas card of step `name`. */
function card(name: string) {
  return page.locator('.step-card', {
    has: page.locator('.step-card-name', { hasText: new RegExp(`^${name}$`) }),
  });
}

/** The run status mark of step `name`'s card, e.g. "Failed". */
function mark(name: string, status: string) {
  return card(name).getByRole('img', { name: `${status} in the run` });
}

it('opens a failed run in the builder with its data, and tests the fixed step on it', async () => {
  const flow = await createWebhookFlow(user, 'Invoice totals', {
    steps: [
      code('step_0', 'return { seen: true };'),
      code(
        'step_1',
        "if (typeof inputs.amount !== 'number') throw new Error('amount is not a number'); return { total: inputs.amount * 2 };",
        { amount: "{{trigger['output'].body.amount}}" },
      ),
    ],
    publish: true,
  });
  const failed = await waitForRun(
    user,
    await fireWebhook(ui.url, flow.id, { amount: '21', customer: 'Ada Lovelace' }),
  );
  expect(failed.status).toBe('FAILED');
  // The draft moved on since the run: step_0 is gone from it.
  await user.client.flows.update(flow.id, { type: 'DELETE_ACTION', request: { names: ['step_0'] } });

  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/runs/${failed.id}`);
  await page.getByRole('link', { name: 'Open in builder' }).click();
  const notice = page.getByRole('status', { name: 'Run data loaded' });
  await notice.waitFor();
  expect(await notice.textContent()).toContain(failed.id);
  expect(await notice.textContent()).toContain(
    "1 step got the run's output as sample data. 1 step of the run is not in the draft and was skipped.",
  );
  expect(new URL(page.url()).searchParams.get('debugRun')).toBeNull();
  expect(new URL(page.url()).searchParams.get('step')).toBe('step_1');
  await mark('step_1', 'Failed').waitFor();
  await expect.poll(() => card('step_1').getByRole('button', { pressed: true }).count()).toBe(1);
  await page.getByRole('complementary', { name: /^Settings of/ }).waitFor();

  // The data selector offers the run's payload.
  await page.getByLabel('Value of amount').click();
  const selector = page.getByRole('region', { name: 'Data selector' });
  await selector.getByRole('button', { name: 'Expand trigger body' }).click();
  await selector
    .locator('.ds-row', { has: page.getByRole('button', { name: 'Insert trigger body.customer' }) })
    .getByText('Ada Lovelace')
    .waitFor();
  await saveScreenshot(page, 'debug-from-run');
  expect(await seriousAxeViolations(page)).toEqual([]);

  const editor = page.getByRole('textbox', { name: 'step_1 index.ts' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('export const code = async (inputs) => ({ total: Number(inputs.amount) * 2 });');
  await page.getByRole('button', { name: 'Test step' }).click();
  const output = page.getByLabel('Output of step_1');
  await output.waitFor({ timeout: 30_000 });
  expect(JSON.parse((await output.textContent()) ?? '')).toEqual({ total: 42 });
  expect(ui.console.errors).toEqual([]);
});

it("shows a test run's progress on the canvas until every step succeeded", async () => {
  const flow = await createWebhookFlow(user, 'Refunds', {
    steps: [
      code('step_1', 'return { amount: 40 };'),
      waitForApproval('step_2'),
      code('step_3', "return 'done';"),
    ],
  });
  await user.client.flows.update(flow.id, {
    type: 'SAVE_SAMPLE_DATA',
    request: { stepName: 'trigger', type: 'OUTPUT', payload: { body: {} } },
  });
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}`);
  await card('step_3').waitFor();
  // Every status a card's mark shows, in order, as the page draws it.
  await page.evaluate(`(() => {
    window.seenMarks = [];
    const record = () => {
      for (const marker of document.querySelectorAll('.step-run-marker')) {
        const name = marker.closest('.step-card')?.querySelector('.step-card-name')?.textContent;
        const seen = name + ':' + marker.getAttribute('data-run-status');
        if (!window.seenMarks.includes(seen)) window.seenMarks.push(seen);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  })()`);
  await page.getByRole('button', { name: 'Test flow' }).click();

  await mark('step_2', 'Waiting').waitFor();
  expect(await mark('step_1', 'Succeeded').count()).toBe(1);
  expect(await card('step_3').locator('.step-run-marker').count()).toBe(0);
  const href = await page.getByRole('link', { name: 'Open the test run' }).getAttribute('href');
  const runId = href!.split('/').pop()!;
  const paused = await waitForRun(user, runId, (run) => run.status === 'PAUSED');
  const link = new URL((paused.steps?.['step_2']?.output as { approvalLink: string }).approvalLink);
  expect((await fetch(`${ui.url}${link.pathname}${link.search}`)).status).toBe(200);

  for (const name of ['trigger', 'step_1', 'step_2', 'step_3']) await mark(name, 'Succeeded').waitFor();
  const seen = (await page.evaluate('window.seenMarks')) as string[];
  expect(seen).toContain('trigger:running');
  expect(seen.indexOf('step_2:waiting')).toBeLessThan(seen.indexOf('step_2:succeeded'));
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The next edit clears the statuses.
  await card('step_3').getByRole('button', { name: 'Actions of step_3' }).click();
  await page.getByRole('menuitem', { name: 'Skip' }).click();
  await expect.poll(() => page.locator('.step-run-marker').count()).toBe(0);
  expect(ui.console.errors).toEqual([]);
});
