/**
 * The runs list and the run page in Chromium, over real runs of published webhook flows: the
 * list's filters (kept in the URL), a successful run's steps and outputs (router branch, loop
 * iterations), a failed run's error and its retries, a paused run canceled, and a run followed
 * live while it waits for an approval; the storage page's figures per flow.
 */
import type { FlowRun } from '@piecework/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { pickOption } from './support/combobox';
import {
  addAfter,
  addInBranch,
  addInLoop,
  code,
  createWebhookFlow,
  fireWebhook,
  loopOver,
  routerAbove5,
  waitForApproval,
  waitForRun,
} from './support/flow-fixtures';
import { formatBytes } from '../src/format/format-bytes';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let page: Page;
let user: SignedUpUser;
let succeeded: FlowRun;
let failed: FlowRun;
let approvalsFlowId: string;

beforeAll(async () => {
  ui = await startUi();
  page = ui.page;
  user = await signUpThroughApi(ui.url);
  const pipeline = await createWebhookFlow(user, 'Order pipeline', {
    steps: [
      code('step_1', 'return { n: inputs.n, items: inputs.items };', {
        n: "{{trigger['output'].body.n}}",
        items: "{{trigger['output'].body.items}}",
      }),
      routerAbove5('router_1', "{{step_1['output'].n}}"),
    ],
    operations: [
      addInBranch(code('step_big', "return 'big';"), 'router_1', 0),
      addInBranch(code('step_small', "return 'small';"), 'router_1', 1),
      addAfter(loopOver('loop_1', "{{step_1['output'].items}}"), 'router_1'),
      addInLoop(
        code('step_double', 'return { doubled: inputs.x * 2 };', { x: "{{loop_1['output'].item}}" }),
        'loop_1',
      ),
    ],
    publish: true,
  });
  const broken = await createWebhookFlow(user, 'Stock check', {
    steps: [code('step_1', "throw new Error('Inventory service refused: out of stock');")],
    publish: true,
  });
  approvalsFlowId = (
    await createWebhookFlow(user, 'Refund approval', {
      steps: [
        code('step_1', 'return { amount: 40 };'),
        waitForApproval('step_2'),
        code('step_3', "return 'refunded';"),
      ],
      publish: true,
    })
  ).id;
  succeeded = await waitForRun(user, await fireWebhook(ui.url, pipeline.id, { n: 7, items: [1, 2, 3] }));
  failed = await waitForRun(user, await fireWebhook(ui.url, broken.id));
  expect([succeeded.status, failed.status]).toEqual(['SUCCEEDED', 'FAILED']);
});
afterAll(() => ui?.close());

async function rowFlowNames(): Promise<string[]> {
  return (await page.locator('table.runs-table tbody tr td:nth-child(2)').allTextContents()).sort();
}

function stepButton(name: string) {
  return page
    .getByRole('navigation', { name: 'Steps of the run' })
    .getByRole('button', { name: new RegExp(`^${name}\\s`) });
}

/** The run's status badge in the page's header. */
function runStatus(status: string) {
  return page.locator('.run-header h1 .status-badge', { hasText: status });
}

function stepDetails() {
  return page.locator('.run-step-details');
}

describe('the runs list', () => {
  it('filters by status, flow and days, in a URL that can be shared', async () => {
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/runs`);
    await expect.poll(rowFlowNames).toEqual(['Order pipeline', 'Stock check']);
    await saveScreenshot(page, 'runs');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.locator('summary', { hasText: 'Any' }).click();
    await page.getByRole('checkbox', { name: 'Failed' }).click();
    await expect.poll(rowFlowNames).toEqual(['Stock check']);
    expect(new URL(page.url()).searchParams.getAll('status')).toEqual(['FAILED']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The same URL opened afresh shows the same filtered view.
    await page.goto(page.url());
    await expect.poll(rowFlowNames).toEqual(['Stock check']);
    expect(await page.getByRole('checkbox', { name: 'Failed', includeHidden: true }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(rowFlowNames).toEqual(['Order pipeline', 'Stock check']);
    await pickOption(page.getByLabel('Flow', { exact: true }), 'Order pipeline');
    await expect.poll(rowFlowNames).toEqual(['Order pipeline']);

    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const day = `${String(tomorrow.getFullYear())}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel('From').fill(day);
    await page.getByText('No runs match these filters.').waitFor();
    expect(new URL(page.url()).searchParams.get('createdAfter')).toBe(day);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await pickOption(page.getByLabel('Environment'), 'Testing');
    await page.getByText('No runs yet.').waitFor();
    expect(ui.console.errors).toEqual([]);
  });
});

describe('the run page', () => {
  it("shows a successful run's steps with their outputs, the branch taken and each loop iteration", async () => {
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/runs`);
    await page.locator('tr', { hasText: 'Order pipeline' }).getByRole('link').click();
    await page.waitForURL(`**/runs/${succeeded.id}`);
    const header = page.locator('.run-header');
    await runStatus('Succeeded').waitFor();
    expect(await header.getByRole('link', { name: 'Order pipeline' }).getAttribute('href')).toBe(
      `/projects/${user.projectId}/flows/${succeeded.flowId}`,
    );
    const tree = page.getByRole('navigation', { name: 'Steps of the run' });
    await stepButton('Code step_1').waitFor();
    expect(await tree.locator('.step-name').allTextContents()).toEqual([
      'Webhook',
      'Code step_1',
      'Router router_1',
      'Code step_big',
      'Loop loop_1',
      'Code step_double',
    ]);
    expect(await tree.locator('.branch-label').allTextContents()).toEqual(['Big']);

    await stepButton('Code step_1').click();
    expect(await stepButton('Code step_1').getAttribute('aria-current')).toBe('true');
    const output = () => page.getByLabel('Output of Code step_1').textContent();
    expect(JSON.parse((await output())!)).toEqual({ n: 7, items: [1, 2, 3] });

    await stepButton('Code step_double').click();
    await tree.getByText('Iteration 1 of 3').waitFor();
    expect(JSON.parse((await page.getByLabel('Output of Code step_double').textContent())!)).toEqual({
      doubled: 2,
    });
    await page.getByRole('button', { name: 'Next iteration of Loop loop_1' }).click();
    await tree.getByText('Iteration 2 of 3').waitFor();
    expect(JSON.parse((await page.getByLabel('Output of Code step_double').textContent())!)).toEqual({
      doubled: 4,
    });
    await page.getByRole('button', { name: 'Next iteration of Loop loop_1' }).click();
    expect(JSON.parse((await page.getByLabel('Output of Code step_double').textContent())!)).toEqual({
      doubled: 6,
    });
    expect(await page.getByRole('button', { name: 'Next iteration of Loop loop_1' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous iteration of Loop loop_1' }).click();
    await tree.getByText('Iteration 2 of 3').waitFor();
    // A finished, successful run offers only a new run on the latest version.
    expect(await page.getByRole('button', { name: 'Retry from failed step' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Retry on latest version' }).waitFor();
    await saveScreenshot(page, 'run-succeeded');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });

  it("shows a failed run's error on its failing step, and retries it", async () => {
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/runs/${failed.id}`);
    const alert = page.locator('.run-header').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Step “Code step_1” failed: Inventory service refused: out of stock',
    );
    expect(await stepButton('Code step_1').getAttribute('aria-current')).toBe('true');
    expect(await stepDetails().getByText('Inventory service refused: out of stock').isVisible()).toBe(true);
    expect(await stepDetails().getByText('No output: the step failed.').isVisible()).toBe(true);
    await saveScreenshot(page, 'run-failed');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Retry from failed step' }).click();
    await page.getByText('Retrying from the failed step').waitFor();
    // The same run went through a new attempt: it failed again, later.
    const retried = await waitForRun(
      user,
      failed.id,
      (run) => run.status === 'FAILED' && run.finishTime !== failed.finishTime,
    );
    expect(Date.parse(retried.finishTime!)).toBeGreaterThan(Date.parse(failed.finishTime!));
    await runStatus('Failed').waitFor();

    await page.getByRole('button', { name: 'Retry on latest version' }).click();
    await page.waitForURL(
      (url) => /\/runs\/[0-9a-zA-Z]{21}$/.test(url.pathname) && !url.pathname.endsWith(failed.id),
    );
    const newRunId = new URL(page.url()).pathname.split('/').pop()!;
    const newRun = await user.client.flowRuns.get(newRunId);
    expect({ flowId: newRun.flowId, environment: newRun.environment }).toEqual({
      flowId: failed.flowId,
      environment: 'PRODUCTION',
    });
    await runStatus('Failed').waitFor();
    expect(ui.console.errors).toEqual([]);
  });

  it('follows a paused run live until it ends, and cancels another', async () => {
    const waiting = await waitForRun(
      user,
      await fireWebhook(ui.url, approvalsFlowId),
      (run) => run.status === 'PAUSED',
    );
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/runs/${waiting.id}`);
    await runStatus('Paused').waitFor();
    await stepButton('Wait for Approval').waitFor();
    expect(await stepButton('Code step_3').count()).toBe(0);
    const link = (waiting.steps?.['step_2']?.output as { approvalLink: string }).approvalLink;
    // The link names the configured public URL (AP_FRONTEND_URL); the test server listens elsewhere.
    const resume = new URL(link);
    expect((await fetch(`${ui.url}${resume.pathname}${resume.search}`)).status).toBe(200);
    // No reload: the page reads the run again while it is not final.
    await stepButton('Code step_3').waitFor();
    await runStatus('Succeeded').waitFor();
    expect(ui.console.errors).toEqual([]);

    const toCancel = await waitForRun(
      user,
      await fireWebhook(ui.url, approvalsFlowId),
      (run) => run.status === 'PAUSED',
    );
    await page.goto(`${ui.url}/projects/${user.projectId}/runs/${toCancel.id}`);
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await runStatus('Canceled').waitFor();
    expect((await user.client.flowRuns.get(toCancel.id)).status).toBe('CANCELED');
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });
});

describe('the storage page', () => {
  it("shows the project's run data per flow and the retention period, and links to each flow's runs", async () => {
    const usage = await user.client.flowRuns.storageUsage({ projectId: user.projectId });
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/storage`);
    const summary = page.getByRole('definition');
    await expect
      .poll(() => summary.allInnerTexts())
      .toEqual([formatBytes(usage.bytes), String(usage.runs), '30 days']);
    const rows = page.locator('table.data tbody tr');
    await expect
      .poll(() => rows.locator('td:first-child').allInnerTexts())
      .toEqual(usage.flows.map((flow) => flow.flowDisplayName));
    expect(usage.flows.map((flow) => flow.flowDisplayName)).toContain('Stock check');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Stock check' }).click();
    await expect.poll(async () => [...new Set(await rowFlowNames())]).toEqual(['Stock check']);
    expect(ui.console.errors).toEqual([]);
  });
});

describe('at 400 px wide', () => {
  it('keeps the runs list and a run page within the window', async () => {
    await page.setViewportSize({ width: 400, height: 720 });
    try {
      await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/runs`);
      await page.getByRole('link', { name: 'Order pipeline' }).first().waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(400);
      await page.goto(`${ui.url}/projects/${user.projectId}/runs/${succeeded.id}`);
      await stepButton('Code step_double').click();
      await page.getByLabel('Output of Code step_double').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(400);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(ui.console.errors).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});

describe('search and bulk actions', () => {
  it('finds a run by a word of a step output, then retries and archives the selection', async () => {
    const invoices = await createWebhookFlow(user, 'Invoice sync', {
      steps: [
        code('step_1', "return { customer: { notes: ['paid by quillfeather'] } };"),
        code('step_2', "throw new Error('Ledger closed');"),
      ],
      publish: true,
    });
    const run = await waitForRun(user, await fireWebhook(ui.url, invoices.id));
    expect(run.status).toBe('FAILED');
    // The run is searchable once the server has indexed it, shortly after it ended.
    await expect
      .poll(
        async () =>
          (await user.client.flowRuns.list({ projectId: user.projectId, search: 'quillfeather' })).data
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/runs`);
    await page.getByLabel('Search').fill('Quillfeather');
    await expect.poll(rowFlowNames).toEqual(['Invoice sync']);
    expect(new URL(page.url()).searchParams.get('search')).toBe('Quillfeather');

    await page.getByRole('checkbox', { name: 'Select all runs on this page' }).check();
    const bar = page.getByRole('region', { name: 'Selected runs' });
    await bar.getByText('1 selected').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Retry from failed step' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Retry from failed step' }).click();
    await page.getByText('1 run retried').waitFor();
    await waitForRun(user, run.id, (after) => after.status === 'FAILED' && after.updated !== run.updated);

    await page.getByRole('checkbox', { name: `Select run ${run.id}` }).check();
    await bar.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByText('1 run archived').waitFor();
    await page.getByText('No runs match these filters.').waitFor();
    await page.getByRole('switch', { name: 'Show archived' }).click();
    await expect.poll(rowFlowNames).toEqual(['Invoice sync']);
    expect((await user.client.flowRuns.get(run.id)).archivedAt).toEqual(expect.any(String));
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });
});
