/**
 * The stuck runs page in Chromium: a run paused on an approval longer than its flow's limit (the
 * server's clock moved forward) is listed from the Runs page with its age and limit, ended with a
 * reason through the "End with reason" dialog, and the run's page shows the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { code, createWebhookFlow, fireWebhook, waitForApproval, waitForRun } from './support/flow-fixtures';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;
/** How far the server's clock is ahead of the system's, in ms. */
let clockAheadMs = 0;

beforeAll(async () => {
  ui = await startUi({ wallClockMicros: () => (Date.now() + clockAheadMs) * 1000 });
  user = await signUpThroughApi(ui.url);
});
afterAll(() => ui?.close());

describe('stuck runs', () => {
  it('ends a run stuck over its limit with a reason shown on the run', async () => {
    const flow = await createWebhookFlow(user, 'Refund approval', {
      steps: [code('step_1', 'return { amount: 40 };'), waitForApproval('step_2')],
      publish: true,
    });
    await user.client.stuckRuns.updateFlowLimits(flow.id, {
      queuedMinutes: null,
      runningMinutes: null,
      pausedMinutes: 60,
    });
    const paused = await waitForRun(
      user,
      await fireWebhook(ui.url, flow.id),
      (run) => run.status === 'PAUSED',
    );
    clockAheadMs += 90 * 60_000;

    const { page } = ui;
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/runs`);
    await page.getByRole('link', { name: 'Stuck runs' }).click();
    await page.getByRole('heading', { name: 'Stuck runs', level: 1 }).waitFor();
    const row = page.locator('table.stuck-runs-table tbody tr', { hasText: 'Refund approval' });
    await row.waitFor();
    expect(await row.textContent()).toContain('1 h (flow)');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'End with reason' }).click();
    const dialog = page.getByRole('dialog', { name: 'End 1 run with a reason' });
    await dialog.getByLabel('Reason').fill('The approver left; refund handled by phone');
    await dialog.getByRole('button', { name: 'End 1 run' }).click();
    await page.getByText('No run is stuck.').waitFor();

    await page.goto(`${ui.url}/projects/${user.projectId}/runs/${paused.id}`);
    await page.getByText('Ended by hand: The approver left; refund handled by phone').waitFor();
    expect((await user.client.flowRuns.get(paused.id)).status).toBe('CANCELED');
    expect(ui.console.errors).toEqual([]);
  });
});
