/**
 * A 300-step flow in the builder, in Chromium: it opens showing its first steps, the command
 * palette's "Jump to step" reveals the last step (selected, on screen, its panel open), and the
 * canvas keeps only the cards in view in the page (React Flow's `onlyRenderVisibleElements`), so
 * the number of step cards in the DOM stays bounded wherever the canvas is.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { flowWithSteps } from './support/flow-fixtures';
import { startUi, type UiHarness } from './support/ui-harness';

/** At most this many step cards in the DOM at once (a 1280x720 window shows about a dozen). */
const MAX_CARDS = 60;

let ui: UiHarness;
let user: SignedUpUser;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
});
afterAll(() => ui?.close());

/** The names of the step cards in the DOM. */
function renderedSteps(page: Page): Promise<(string | null)[]> {
  return page
    .locator('.react-flow__node-step')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id')));
}

it('opens a 300-step flow, reveals its last step from the command palette, renders only cards in view', async ({
  annotate,
}) => {
  const { page } = ui;
  const flow = await flowWithSteps(user, 'Three hundred steps', 300);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows`);
  const started = Date.now();
  await page.goto(`${ui.url}/projects/${user.projectId}/flows/${flow.id}`);
  // The first load of a 300-step flow on a machine shared with other browser tests: a longer wait.
  await page.getByRole('button', { name: /Webhook trigger/ }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: /Code step_1 step_1/ }).waitFor();
  await annotate(`300-step flow: ${String(Date.now() - started)} ms from navigation to its first cards`);
  const first = await renderedSteps(page);
  expect(first).toContain('step_1');
  expect(first).not.toContain('step_300');
  expect(first.length).toBeLessThanOrEqual(MAX_CARDS);

  // "Jump to step" from the palette: step_300 is selected, its card comes into view, its panel opens.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search commands' });
  await search.waitFor();
  await search.fill('step_300');
  await page.getByRole('option', { name: 'Jump to step Code step_300 (step_300)', exact: true }).click();
  await expect.poll(() => search.count()).toBe(0);
  await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('step_300');
  await page.getByRole('complementary', { name: 'Settings of Code step_300' }).waitFor();
  await expect
    .poll(() => page.getByRole('button', { name: /Code step_300 step_300/ }).isVisible())
    .toBe(true);
  const last = await renderedSteps(page);
  expect(last).not.toContain('step_1');
  expect(last.length).toBeLessThanOrEqual(MAX_CARDS);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(ui.console.errors).toEqual([]);
});
