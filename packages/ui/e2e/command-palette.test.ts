/**
 * The command palette in Chromium: Ctrl+K opens it in the builder and on the other pages; it jumps
 * to a step of a 20-step flow (selected, its panel open), adds a step after the selected step
 * through the piece picker (checked through the API), opens another flow by name and goes to the
 * runs page. Escape closes it and gives focus back. Delete on a selected step asks first.
 */
import type { PopulatedFlow } from '@piecework/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { flowWithSteps } from './support/flow-fixtures';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
});
afterAll(() => ui?.close());

/** The names of the main chain's steps, in order. */
function chain(flow: PopulatedFlow): string[] {
  const names: string[] = [];
  for (let step = flow.version.trigger.nextAction; step; step = step.nextAction) names.push(step.name);
  return names;
}

/** The palette's search box. */
const search = (page: Page) => page.getByRole('combobox', { name: 'Search commands' });

/** Opens the palette with Ctrl+K and waits for its search box to have focus. */
async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await search(page).waitFor();
  await expect.poll(() => search(page).evaluate((input) => input.matches(':focus'))).toBe(true);
}

/**
 * Opens the palette, types `text` and chooses the option named `option`. (Where the focus lands
 * on opening is checked by {@link openPalette}; typing here goes to the search box itself.)
 */
async function runCommand(page: Page, text: string, option: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await search(page).fill(text);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => search(page).count()).toBe(0);
}

it('jumps to a step, adds a step after it, opens another flow and goes to the runs page', async () => {
  const { page } = ui;
  const flow = await flowWithSteps(user, 'Twenty steps', 20);
  const other = await flowWithSteps(user, 'Invoices to archive', 1);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}`);
  await page.getByRole('button', { name: /Code step_1 step_1/ }).waitFor();

  // Ctrl+K opens it with a visible title; Escape closes it and focus goes back where it was.
  const versions = page.getByRole('button', { name: 'Versions' });
  await versions.focus();
  await openPalette(page);
  expect(await page.getByRole('heading', { name: 'Search commands' }).isVisible()).toBe(true);
  expect(await page.getByRole('listbox').count()).toBe(1);
  expect(await page.getByRole('option', { name: 'Jump to step Code step_20 (step_20)' }).count()).toBe(1);
  expect(await page.getByRole('option', { name: 'Go to Runs' }).count()).toBe(1);
  await saveScreenshot(page, 'command-palette');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect.poll(() => search(page).count()).toBe(0);
  await expect.poll(() => versions.evaluate((button) => button.matches(':focus'))).toBe(true);

  // "Jump to step": the step is selected (in the URL), its card is on screen and its panel open.
  await runCommand(page, 'step_17', 'Jump to step Code step_17 (step_17)');
  await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('step_17');
  await page.getByRole('complementary', { name: 'Settings of Code step_17' }).waitFor();
  await expect.poll(() => page.getByRole('button', { name: /Code step_17 step_17/ }).isVisible()).toBe(true);

  // "Add a step after step_17" opens the piece picker there; a code step lands after step_17.
  await openPalette(page);
  await search(page).fill('add a step');
  expect(
    await page
      .getByRole('option', { name: 'Add a step after step_17' })
      .getByText(/Add a step/)
      .isVisible(),
  ).toBe(true);
  await page.getByRole('option', { name: 'Add a step after step_17' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Code', exact: true }).click();
  await expect
    .poll(async () => chain(await user.client.flows.get(flow.id)).slice(16, 19), { timeout: 10_000 })
    .toEqual(['step_17', 'step_21', 'step_18']);
  await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('step_21');

  // Shortcut hints are listed beside the edits they name.
  await openPalette(page);
  await search(page).fill('undo');
  expect(await page.getByRole('option', { name: /^Undo/ }).textContent()).toMatch(/Undo(Ctrl|⌘)Z/);
  await page.keyboard.press('Escape');
  await expect.poll(() => search(page).count()).toBe(0);

  // "Open flow …" by name, then "Go to Runs" from that flow's builder.
  await runCommand(page, 'Invoices', 'Open flow Invoices to archive');
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/projects/${user.projectId}/flows/${other.id}`);
  await page.getByRole('heading', { name: 'Invoices to archive' }).waitFor();
  await runCommand(page, 'runs', 'Go to Runs');
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/projects/${user.projectId}/runs`);
  // The runs page (and its palette shortcut) is there before the next Ctrl+K.
  await page.getByRole('heading', { name: 'Runs', exact: true }).waitFor();

  // On the other pages too: the flows page, through "Go to".
  await runCommand(page, 'go to flows', 'Go to Flows');
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/projects/${user.projectId}/flows`);
  expect(ui.console.errors).toEqual([]);
});

it('asks before deleting the selected step on Delete, but not while typing', async () => {
  const { page } = ui;
  const flow = await flowWithSteps(user, 'Three steps', 3);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}?step=step_2`);
  const panel = page.getByRole('complementary', { name: 'Settings of Code step_2' });
  await panel.waitFor();

  // Backspace in the step's name field edits the text.
  const name = panel.getByRole('textbox', { name: 'Step display name' });
  await name.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('x');
  await expect.poll(() => name.inputValue()).toBe('Code step_2x');
  await page.keyboard.press('Backspace');
  await expect.poll(() => name.inputValue()).toBe('Code step_2');
  expect(await page.getByRole('alertdialog').or(page.getByRole('dialog')).count()).toBe(0);

  // A change still waiting to be saved does not outlive the step: deleting it right after
  // typing sends no save of a step that is gone (and so shows no error).
  await page.keyboard.press('y');
  await expect.poll(() => name.inputValue()).toBe('Code step_2y');

  // On the canvas, Delete asks; confirming deletes the step.
  await page.getByRole('button', { name: /Code step_2 step_2/ }).click();
  await page.keyboard.press('Delete');
  // The confirmation is an alert dialog (or a dialog, on the native `<dialog>`).
  const ask = page
    .getByRole('alertdialog', { name: 'Delete step_2?' })
    .or(page.getByRole('dialog', { name: 'Delete step_2?' }));
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect
    .poll(async () => chain(await user.client.flows.get(flow.id)), { timeout: 10_000 })
    .toEqual(['step_1', 'step_3']);
  // The panel closed with the step. Undo is sent after any save queued before it, so once the
  // step is back, a refused save of the deleted step would have been logged.
  await expect.poll(() => panel.count()).toBe(0);
  await page.keyboard.press('ControlOrMeta+z');
  await expect
    .poll(async () => chain(await user.client.flows.get(flow.id)), { timeout: 10_000 })
    .toEqual(['step_1', 'step_2', 'step_3']);
  expect(ui.console.errors).toEqual([]);
});
