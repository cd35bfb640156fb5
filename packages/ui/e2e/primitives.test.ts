/**
 * The shared components on Radix UI primitives, driven with the keyboard in Chromium on the
 * builder: an icon button's tooltip shows on keyboard focus; a step's menu opens with Enter, End
 * and Home jump to its last and first items, a typed letter moves to the item starting with it,
 * Escape closes it and focus returns to its button; a dialog keeps focus inside while Tab cycles,
 * names itself by its title, counts as open for the builder's shortcuts, and Escape closes it; a
 * combobox opens with the keyboard, filters as one types, moves with the arrows, picks with Enter
 * (the flow saves the option picked) and closes with Escape leaving the value as it was.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { code, createWebhookFlow, routerAbove5 } from './support/flow-fixtures';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
});
afterAll(() => ui?.close());

/** The text of the focused element. */
function focusedText(page: Page): Promise<string | null> {
  return page.evaluate<string | null>('document.activeElement?.textContent ?? null');
}

/** Whether `locator`'s element has the focus. */
function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Whether the focus is inside `locator`'s element. */
function holdsFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(element.ownerDocument.activeElement));
}

/** Whether a Radix dialog (or alert dialog) is open, as `isDialogOpen()` of the app tells. */
function dialogOpen(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    `document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null`,
  );
}

it('drives a step menu, its tooltip and a dialog with the keyboard', async () => {
  const { page } = ui;
  const flow = await createWebhookFlow(user, 'Keyboard', {
    steps: [code('step_1', 'return 1;'), code('step_2', 'return 2;')],
  });
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}`);
  const trigger = page.getByRole('button', { name: 'Actions of step_1' });
  await trigger.waitFor();

  // Shift+Tab to the card's main button and Tab back to its menu button: the tooltip names it.
  await trigger.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await hasFocus(trigger)).toBe(true);
  const tooltip = page.getByRole('tooltip', { name: 'Actions of step_1' });
  await tooltip.waitFor({ state: 'attached' });
  expect(await trigger.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));

  // Enter opens the menu on its first item; End, Home and typeahead move between items.
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Actions of step_1' });
  await menu.waitFor();
  expect(await trigger.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => focusedText(page)).toBe('Copy');
  await page.keyboard.press('End');
  await expect.poll(() => focusedText(page)).toBe('Delete');
  await page.keyboard.press('Home');
  await expect.poll(() => focusedText(page)).toBe('Copy');
  await page.keyboard.press('d');
  await expect.poll(() => focusedText(page)).toBe('Duplicate');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedText(page)).toBe('Skip');
  // "Move up" is disabled on the first step: the arrow keys pass over it.
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedText(page)).toBe('Move down');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Escape closes the menu and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(trigger)).toBe(true);
  expect(await trigger.getAttribute('aria-expanded')).toBe('false');

  // "Move to…" opens a dialog named by its title; Tab cycles inside it, Escape closes it.
  await page.keyboard.press('Enter');
  await menu.waitFor();
  await expect.poll(() => focusedText(page)).toBe('Copy');
  await page.keyboard.press('End');
  await expect.poll(() => focusedText(page)).toBe('Delete');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => focusedText(page)).toBe('Move to…');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move step_1' });
  await dialog.waitFor();
  expect(await dialogOpen(page)).toBe(true);
  const controls = await dialog
    .locator('button:not([disabled]), select:not([disabled]), input:not([disabled])')
    .count();
  for (let press = 0; press < controls + 2; press++) {
    await page.keyboard.press('Tab');
    expect(await holdsFocus(dialog)).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await holdsFocus(dialog)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
  // Escape may first hide the tooltip of the focused close button, then closes the dialog.
  await expect
    .poll(async () => {
      await page.keyboard.press('Escape');
      return dialog.count();
    })
    .toBe(0);
  expect(await dialogOpen(page)).toBe(false);
  expect(ui.console.errors).toEqual([]);
});

it('picks an option of a combobox with the keyboard', async () => {
  const { page } = ui;
  const flow = await createWebhookFlow(user, 'Combobox', {
    steps: [code('step_1', 'return 1;'), routerAbove5('step_2', "{{trigger['output'].body.size}}")],
  });
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}?step=step_2`);
  const panel = page.getByRole('complementary', { name: 'Router step_2' });
  const operator = panel.getByRole('combobox', { name: 'Operator' });
  await expect.poll(() => operator.textContent()).toBe('(Number) Is greater than');
  expect(await operator.getAttribute('aria-expanded')).toBe('false');

  // Enter opens the list with the focus in its search box; typing filters the options.
  await operator.focus();
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: 'Search the options' });
  await expect.poll(() => hasFocus(search)).toBe(true);
  expect(await operator.getAttribute('aria-expanded')).toBe('true');
  const options = page.getByRole('listbox').getByRole('option');
  await page.keyboard.type('number is');
  await expect
    .poll(() => options.allTextContents())
    .toEqual(['(Number) Is greater than', '(Number) Is less than', '(Number) Is equal to']);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // ArrowDown moves to the next option, Enter picks it: the list closes, the focus returns and
  // the flow saves the new operator.
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(() => page.getByRole('option', { selected: true }).textContent())
    .toBe('(Number) Is less than');
  await page.keyboard.press('Enter');
  await search.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(operator)).toBe(true);
  await expect.poll(() => operator.textContent()).toBe('(Number) Is less than');
  const firstCondition = async () => {
    const router = (await user.client.flows.get(flow.id)).version.trigger.nextAction?.nextAction;
    return router?.type === 'ROUTER' ? router.settings.branches[0] : undefined;
  };
  await expect
    .poll(async () => {
      const branch = await firstCondition();
      return branch?.branchType === 'CONDITION' ? branch.conditions[0]?.[0]?.operator : undefined;
    })
    .toBe('NUMBER_IS_LESS_THAN');

  // Escape closes the list and changes nothing; a letter typed on the button opens it searching.
  await page.keyboard.press('ArrowDown');
  await search.waitFor();
  await page.keyboard.press('Escape');
  await search.waitFor({ state: 'detached' });
  expect(await operator.textContent()).toBe('(Number) Is less than');
  // The popover gives focus back to the button once it has unmounted, a task after it closes.
  await expect.poll(() => hasFocus(operator)).toBe(true);
  await page.keyboard.press('e');
  await expect.poll(() => search.inputValue()).toBe('e');
  await page.keyboard.press('Escape');
  await search.waitFor({ state: 'detached' });
  expect(ui.console.errors).toEqual([]);
});
