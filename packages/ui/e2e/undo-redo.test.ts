/**
 * Undo and redo in the builder, in Chromium: ten mixed edits made on the canvas and in the
 * header, undone one by one with Ctrl/Cmd+Z (a reload of the page half-way) and redone with
 * Ctrl/Cmd+Shift+Z, the draft read through the API equal to each earlier state every time; and
 * another person's change to a step the edit touched stops the undo, said on the page, their
 * change kept — while their change to another step does not stand in the way.
 */
import { versionContent } from '@piecework/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { collectConsoleErrors } from './support/console-errors';
import { code, flowWithSteps } from './support/flow-fixtures';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
});
afterAll(() => ui?.close());

const contentOf = async (flowId: string) => versionContent((await user.client.flows.get(flowId)).version);

/** Waits until the draft read through the API is `expected`, and the page has saved. */
async function expectDraft(page: Page, flowId: string, expected: unknown): Promise<void> {
  await expect.poll(() => contentOf(flowId), { timeout: 15_000 }).toEqual(expected);
  await expect.poll(() => page.locator('.save-state').textContent()).toBe('Saved');
}

/** Runs `edit` on the page and answers the draft's content once it has changed. */
async function edited(page: Page, flowId: string, edit: () => Promise<void>): Promise<unknown> {
  const before = await contentOf(flowId);
  await edit();
  await expect.poll(() => contentOf(flowId), { timeout: 15_000 }).not.toEqual(before);
  await expect.poll(() => page.locator('.save-state').textContent()).toBe('Saved');
  return contentOf(flowId);
}

async function fitView(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fit View' }).click();
}

async function stepMenu(page: Page, name: string, action: string): Promise<void> {
  await fitView(page);
  await page.getByRole('button', { name: `Actions of ${name}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function addAfter(page: Page, name: string, item: string): Promise<void> {
  await fitView(page);
  await page.getByRole('button', { name: `Add a step after ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: item, exact: true }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

/** Presses a history shortcut with the focus out of any text field. */
async function press(page: Page, keys: string): Promise<void> {
  await page.evaluate('document.activeElement?.blur()');
  await page.keyboard.press(keys);
}

it('undoes ten mixed edits one by one, across a reload, and redoes them', async () => {
  const { page } = ui;
  const errors = collectConsoleErrors(page);
  const flow = await flowWithSteps(user, 'History', 3);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}`);
  await page.getByRole('button', { name: 'Actions of step_3' }).waitFor();
  const states = [await contentOf(flow.id)];
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  expect(await undo.isDisabled()).toBe(true);

  const edits: (() => Promise<void>)[] = [
    () => stepMenu(page, 'step_1', 'Duplicate'),
    () => stepMenu(page, 'step_2', 'Skip'),
    () => stepMenu(page, 'step_1', 'Move down'),
    async () => {
      const name = page.getByLabel('Flow name');
      await name.fill('History renamed');
      await name.press('Enter');
    },
    () => addAfter(page, 'step_3', 'Code'),
    () => stepMenu(page, 'step_2', 'Delete'),
    () => stepMenu(page, 'step_3', 'Move up'),
    () => addAfter(page, 'trigger', 'Router'),
    () => stepMenu(page, 'step_3', 'Skip'),
    async () => {
      // The router just added (a freed name may be given again).
      const added = (await user.client.flows.get(flow.id)).version.trigger.nextAction;
      expect(added?.type).toBe('ROUTER');
      await stepMenu(page, added!.name, 'Delete');
    },
  ];
  for (const [index, edit] of edits.entries()) {
    states.push(
      await edited(page, flow.id, edit).catch((error: unknown) =>
        Promise.reject(new Error(`edit ${String(index + 1)}: ${String(error)}`)),
      ),
    );
  }
  expect(new Set(states.map((state) => JSON.stringify(state))).size).toBe(11);

  // Undo the ten edits, each one back to the state before it; the page reloaded after five.
  for (let step = 10; step >= 1; step--) {
    if (step === 5) {
      await page.reload();
      await page.getByRole('button', { name: 'Fit View' }).waitFor();
    }
    await expect.poll(() => undo.isDisabled()).toBe(false);
    await press(page, 'ControlOrMeta+z');
    await expectDraft(page, flow.id, states[step - 1]);
  }
  await expect.poll(() => undo.isDisabled()).toBe(true);

  // Redo them all, each one forward to the state after it.
  for (let step = 1; step <= 10; step++) {
    await press(page, 'ControlOrMeta+Shift+z');
    await expectDraft(page, flow.id, states[step]);
  }
  expect(await page.getByRole('button', { name: 'Redo', exact: true }).isDisabled()).toBe(true);
  expect(errors.errors).toEqual([]);
});

it("stops an undo that would overwrite another person's change to the same step, and keeps it", async () => {
  const { page } = ui;
  const flow = await flowWithSteps(user, 'Shared', 2);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}`);
  await page.getByRole('button', { name: 'Actions of step_2' }).waitFor();
  const original = await contentOf(flow.id);
  await edited(page, flow.id, () => stepMenu(page, 'step_1', 'Skip'));
  await edited(page, flow.id, () => stepMenu(page, 'step_2', 'Skip'));

  // Someone else renames step_1; once the page shows it, undo of the skip of step_2 still works.
  const theirs = { ...code('step_1', 'return true;'), displayName: 'Renamed by someone', skip: true };
  await user.client.flows.update(flow.id, { type: 'UPDATE_ACTION', request: theirs });
  await expect
    .poll(() => page.getByText('Renamed by someone').count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await press(page, 'ControlOrMeta+z');
  await expect
    .poll(async () => (await user.client.flows.get(flow.id)).version.trigger.nextAction?.nextAction?.skip)
    .toBeFalsy();

  // Undo of the skip of step_1 would overwrite their name: stopped, said, nothing lost.
  await press(page, 'ControlOrMeta+z');
  await expect
    .poll(() => page.getByRole('alert').filter({ hasText: 'Undo stopped: step step_1 was changed' }).count())
    .toBe(1);
  const after = (await user.client.flows.get(flow.id)).version.trigger.nextAction;
  expect(after).toMatchObject({ name: 'step_1', displayName: 'Renamed by someone', skip: true });
  expect(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled()).toBe(true);
  expect(await contentOf(flow.id)).not.toEqual(original);
});

it('undoes a paste of several steps in one step, and redoes it in one', async () => {
  const { page, context } = ui;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.url });
  const flow = await flowWithSteps(user, 'Paste', 3);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}`);
  const card = (name: string) =>
    page
      .locator('.step-card-main')
      .filter({ has: page.locator('.step-card-name').getByText(name, { exact: true }) });
  await card('step_3').waitFor();
  await fitView(page);
  await card('step_1').click();
  await card('step_2').click({ modifiers: ['Shift'] });
  await press(page, 'ControlOrMeta+c');
  const before = await contentOf(flow.id);
  await card('step_3').click();
  await press(page, 'ControlOrMeta+v');
  await expect
    .poll(
      async () =>
        JSON.stringify((await user.client.flows.get(flow.id)).version.trigger).match(/"name":"step_\d"/g)
          ?.length,
    )
    .toBe(5);
  const pasted = await contentOf(flow.id);
  await press(page, 'ControlOrMeta+z');
  await expectDraft(page, flow.id, before);
  await press(page, 'ControlOrMeta+Shift+z');
  await expectDraft(page, flow.id, pasted);
});
