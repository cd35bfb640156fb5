/**
 * The Impact page in Chromium: the figures it shows are those of the runs made (five production
 * runs, two failing at one step), and setting "time saved per run" in the builder changes the
 * time saved it shows.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { code, webhookTrigger } from '../../server/src/testing/features/flow-test-kit';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;
let flowId: string;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
  const { client, projectId } = user;
  const flow = await client.flows.create({ projectId, displayName: 'Invoice sync' });
  flowId = flow.id;
  await client.flows.update(flowId, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  await client.flows.update(flowId, {
    type: 'ADD_ACTION',
    request: {
      parentStep: 'trigger',
      action: code('step_1', "if (inputs.n === 'fail') throw new Error('Refused'); return 1;", {
        n: "{{trigger['output'].body.n}}",
      }),
    },
  });
  await client.flows.update(flowId, { type: 'LOCK_AND_PUBLISH', request: {} });
  for (const n of ['ok', 'ok', 'fail', 'ok', 'fail']) {
    await fetch(`${ui.url}/api/v1/webhooks/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n }),
    });
  }
  await vi.waitFor(
    async () => {
      const runs = (await client.flowRuns.list({ projectId })).data;
      const ended = runs.filter((run) => run.status === 'SUCCEEDED' || run.status === 'FAILED');
      if (ended.length !== 5) throw new Error(`${ended.length} of 5 runs ended`);
    },
    { timeout: 30_000, interval: 50 },
  );
});
afterAll(() => ui?.close());

describe('Impact', () => {
  it('shows the runs made, and the time saved set in the builder', async () => {
    const { page } = ui;
    const impact = `/projects/${user.projectId}/impact`;
    await openSignedIn(page, ui.url, user, impact);
    await expect.poll(() => page.getByTestId('impact-total-runs').textContent()).toBe('5');
    expect(await page.getByTestId('impact-total-succeeded').textContent()).toBe('3');
    expect(await page.getByTestId('impact-time-saved').textContent()).toBe('0 min');
    await page
      .getByRole('figure', { name: 'Most failing steps' })
      .getByRole('cell', { name: 'Code step_1' })
      .waitFor({ state: 'attached' });
    // The day's two bars, succeeded and failed, stacked.
    const bars = page.getByRole('figure', { name: 'Runs per day' }).locator('.recharts-bar-rectangle');
    await expect.poll(() => bars.count()).toBe(2);

    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flowId}`);
    await page.getByRole('button', { name: 'Time saved' }).click();
    await page.getByLabel('Minutes saved per run').fill('12');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: '12 min saved' }).waitFor();
    await expect.poll(async () => (await user.client.flows.get(flowId)).timeSavedPerRun).toBe(12);

    await openSignedIn(page, ui.url, user, impact);
    await expect.poll(() => page.getByTestId('impact-time-saved').textContent()).toBe('36 min');
    expect(ui.console.errors).toEqual([]);
  });
});
