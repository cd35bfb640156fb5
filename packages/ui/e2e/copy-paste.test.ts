/**
 * Copy, cut, paste and duplicate of steps in the builder, in Chromium: three steps (a loop with
 * its body among them) chosen with Shift/Ctrl+click, copied with the keyboard, pasted into
 * another flow; a cut confirmed and pasted back from the step menu; a duplicate; the shortcuts
 * ignored while typing; and paste through the copy kept in the tab when the clipboard cannot be
 * read; and a step card's context menu (right-click) duplicating a step and deleting one after
 * the confirmation. Every change is checked through the API.
 */
import type { PopulatedFlow, Step, StepRequest, Trigger } from '@piecework/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookTrigger } from '../../server/src/testing/features/flow-test-kit';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { code, loopOver } from './support/flow-fixtures';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
});
afterAll(() => ui?.close());

/** A step tree in short: `name` per step, `{ name: body }` for a loop. */
type Outline = (string | Record<string, Outline>)[];
function outlineOf(head: Step | null | undefined): Outline {
  const outline: Outline = [];
  for (let step = head; step; step = step.nextAction) {
    outline.push(
      step.type === 'LOOP_ON_ITEMS' ? { [step.name]: outlineOf(step.firstLoopAction) } : step.name,
    );
  }
  return outline;
}
const outline = (flow: PopulatedFlow) => outlineOf(flow.version.trigger.nextAction);

/** Every step name of a flow, the trigger's included, in flow order. */
function namesOf(flow: PopulatedFlow): string[] {
  const names: string[] = [];
  const visit = (head: Step | Trigger | null | undefined) => {
    for (let step = head; step; step = step.nextAction) {
      names.push(step.name);
      if (step.type === 'LOOP_ON_ITEMS') visit(step.firstLoopAction);
    }
  };
  visit(flow.version.trigger);
  return names;
}

/** Finds step `name` of a flow. */
function stepOf(flow: PopulatedFlow, name: string): Step | undefined {
  const visit = (head: Step | null | undefined): Step | undefined => {
    for (let step = head; step; step = step.nextAction) {
      if (step.name === name) return step;
      const inner = step.type === 'LOOP_ON_ITEMS' ? visit(step.firstLoopAction) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  return visit(flow.version.trigger.nextAction);
}

/** A flow made through the API in one IMPORT_FLOW: the webhook trigger, then `steps`. */
async function importFlow(displayName: string, steps: Step[]): Promise<PopulatedFlow> {
  const flow = await user.client.flows.create({ projectId: user.projectId, displayName });
  let head: Step | undefined;
  for (const step of [...steps].reverse()) head = { ...step, ...(head ? { nextAction: head } : {}) } as Step;
  const trigger = { ...webhookTrigger(), ...(head ? { nextAction: head } : {}) } as Trigger;
  return user.client.flows.update(flow.id, { type: 'IMPORT_FLOW', request: { displayName, trigger } });
}

const asStep = (request: StepRequest, links: Partial<Step> = {}) => ({ ...request, ...links }) as Step;

/** Polls flow `flowId` through the API until `read` of it equals `expected`. */
async function expectFlow<T>(flowId: string, read: (flow: PopulatedFlow) => T, expected: T): Promise<void> {
  await expect
    .poll(async () => read(await user.client.flows.get(flowId)), { timeout: 10_000 })
    .toEqual(expected);
}

/** The main button of step `name`'s card. */
function card(page: Page, name: string) {
  return page
    .locator('.step-card-main')
    .filter({ has: page.locator('.step-card-name').getByText(name, { exact: true }) });
}

/** Clicks step `name`'s card (with `modifiers` to add it to the selection), the flow in view. */
async function clickCard(page: Page, name: string, modifiers: ('Shift' | 'ControlOrMeta')[] = []) {
  await page.getByRole('button', { name: 'Fit View' }).click();
  await card(page, name).click({ modifiers });
}

/** The names of the cards marked as selected. */
async function selectedCards(page: Page): Promise<string[]> {
  return page
    .locator('.step-card-main[aria-pressed="true"] .step-card-name')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
}

/** Waits for a toast saying `text`. */
async function toastSays(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByRole('status').getByText(text).count()).toBeGreaterThan(0);
}

async function openFlow(page: Page, flowId: string): Promise<void> {
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flowId}`);
  await card(page, 'step_1').waitFor();
}

const loopBody = asStep(code('step_3', 'return inputs.item;', { item: "{{step_2['item']}}" }));
const source = () =>
  importFlow('Source', [
    asStep(code('step_1', 'return [1, 2];')),
    asStep(loopOver('step_2', "{{step_1['output']}}"), { firstLoopAction: loopBody }),
    asStep(code('step_4', 'return inputs.last;', { last: "{{step_2['output']}}" })),
    asStep(code('step_5', 'return true;')),
  ]);

it('copies three steps to another flow, cuts and pastes back from the menu, and duplicates', async () => {
  const { page, context } = ui;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.url });
  const flowA = await source();
  const flowB = await importFlow('Target', [asStep(code('step_1', 'return 0;'))]);

  // Three steps of A: step_1 opened, then the loop and step_4 added with Shift and Ctrl/Cmd+click.
  await openFlow(page, flowA.id);
  await clickCard(page, 'step_1');
  await expect.poll(() => selectedCards(page)).toEqual(['step_1']);
  await clickCard(page, 'step_2', ['Shift']);
  await clickCard(page, 'step_4', ['ControlOrMeta']);
  await expect.poll(() => selectedCards(page)).toEqual(['step_1', 'step_2', 'step_4']);
  await page.keyboard.press('ControlOrMeta+c');
  await toastSays(page, 'Copied 3 steps');
  const copied = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(JSON.parse(copied)).toMatchObject({
    type: 'COPY_ACTIONS',
    actions: [
      { name: 'step_1' },
      { name: 'step_2', firstLoopAction: { name: 'step_3' } },
      { name: 'step_4' },
    ],
  });

  // Pasted after B's selected step_1: A's step_1 gets a fresh name, the others keep theirs.
  await openFlow(page, flowB.id);
  await clickCard(page, 'step_1');
  await expect.poll(() => selectedCards(page)).toEqual(['step_1']);
  await page.keyboard.press('ControlOrMeta+v');
  await expectFlow(flowB.id, outline, ['step_1', 'step_5', { step_2: ['step_3'] }, 'step_4']);
  const pasted = await user.client.flows.get(flowB.id);
  expect(new Set(namesOf(pasted)).size).toBe(namesOf(pasted).length);
  expect(stepOf(pasted, 'step_5')?.displayName).toBe('Code step_1 Copy');
  expect(stepOf(pasted, 'step_2')).toMatchObject({ settings: { items: "{{step_5['output']}}" } });
  // References among the pasted steps whose names were kept stay as they were in A.
  const sourceBody = stepOf(flowA, 'step_3');
  expect(stepOf(pasted, 'step_3')?.settings).toEqual(sourceBody?.settings);

  // Cut step_5 and step_4 (confirmed), then paste them after the trigger from its menu.
  await clickCard(page, 'step_4');
  await expect.poll(() => selectedCards(page)).toEqual(['step_4']);
  await clickCard(page, 'step_5', ['Shift']);
  await expect.poll(() => selectedCards(page)).toEqual(['step_5', 'step_4']);
  await page.keyboard.press('ControlOrMeta+x');
  const dialog = page.getByRole('alertdialog', { name: 'Cut step_5, step_4?' });
  await dialog.getByRole('button', { name: 'Cut' }).click();
  await expectFlow(flowB.id, outline, ['step_1', { step_2: ['step_3'] }]);
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.getByRole('button', { name: 'Actions of trigger' }).click();
  await page.getByRole('menuitem', { name: 'Paste after' }).click();
  await expectFlow(flowB.id, outline, ['step_5', 'step_4', 'step_1', { step_2: ['step_3'] }]);

  // Ctrl/Cmd+D duplicates the loop with its body; typed in a field, the shortcut does nothing.
  await clickCard(page, 'step_2');
  await expect.poll(() => selectedCards(page)).toEqual(['step_2']);
  await page.getByRole('complementary').locator('input').first().press('ControlOrMeta+d');
  await clickCard(page, 'step_2');
  await page.keyboard.press('ControlOrMeta+d');
  await expectFlow(flowB.id, outline, [
    'step_5',
    'step_4',
    'step_1',
    { step_2: ['step_3'] },
    { step_6: ['step_7'] },
  ]);
  // Ctrl/Cmd+D in a code step's CodeMirror editor is the editor's, not the builder's.
  await clickCard(page, 'step_1');
  await expect.poll(() => selectedCards(page)).toEqual(['step_1']);
  await page.getByRole('complementary').locator('.cm-content').first().press('ControlOrMeta+d');
  // The menu's Duplicate of step_4 (edits run in order) shows the field's and editor's Ctrl+D did nothing.
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.getByRole('button', { name: 'Actions of step_4' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expectFlow(flowB.id, outline, [
    'step_5',
    'step_4',
    'step_8',
    'step_1',
    { step_2: ['step_3'] },
    { step_6: ['step_7'] },
  ]);
  const final = await user.client.flows.get(flowB.id);
  expect(new Set(namesOf(final)).size).toBe(namesOf(final).length);
  expect(ui.console.errors).toEqual([]);
});

it('pastes from the copy kept in the tab when the clipboard cannot be read', async () => {
  const { page, context } = ui;
  await context.clearPermissions();
  const flowA = await source();
  const flowB = await importFlow('Target without clipboard', [asStep(code('step_1', 'return 0;'))]);
  await openFlow(page, flowA.id);
  await clickCard(page, 'step_2');
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.getByRole('button', { name: 'Actions of step_2' }).click();
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await toastSays(page, 'Copied 1 step');
  await openFlow(page, flowB.id);
  // Reading is refused whatever the browser's own permission state.
  await page.evaluate(
    "navigator.clipboard.readText = () => Promise.reject(new DOMException('Read refused', 'NotAllowedError'))",
  );
  await page.keyboard.press('ControlOrMeta+v');
  await expectFlow(flowB.id, outline, [{ step_2: ['step_3'] }, 'step_1']);
  expect(ui.console.errors).toEqual([]);
});

it('duplicates and deletes a step from the context menu of its card', async () => {
  const { page } = ui;
  const flow = await importFlow('Context menu', [
    asStep(code('step_1', 'return 1;')),
    asStep(code('step_2', 'return 2;')),
    asStep(code('step_3', 'return 3;')),
  ]);
  await openFlow(page, flow.id);
  await page.getByRole('button', { name: 'Fit View' }).click();

  // A right-click on step_2's card opens its menu, each item with its shortcut.
  await card(page, 'step_2').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Step step_2' });
  await menu.waitFor();
  expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
    expect.stringMatching(/^Copy.*C$/),
    expect.stringMatching(/^Cut.*X$/),
    expect.stringMatching(/^Paste after.*V$/),
    expect.stringMatching(/^Duplicate.*D$/),
    'DeleteDel',
  ]);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Duplicate: the copy comes right after step_2, with its code.
  await menu.getByRole('menuitem', { name: /^Duplicate/ }).click();
  await menu.waitFor({ state: 'detached' });
  await expectFlow(flow.id, outline, ['step_1', 'step_2', 'step_4', 'step_3']);
  const copied = stepOf(await user.client.flows.get(flow.id), 'step_4');
  expect(copied?.type === 'CODE' && copied.settings.sourceCode.code).toContain('return 2;');

  // Delete asks first; confirmed, the step is gone.
  await page.getByRole('button', { name: 'Fit View' }).click();
  await card(page, 'step_4').click({ button: 'right' });
  await page
    .getByRole('menu', { name: 'Step step_4' })
    .getByRole('menuitem', { name: /^Delete/ })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete step_4?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await confirm.waitFor({ state: 'detached' });
  await expectFlow(flow.id, outline, ['step_1', 'step_2', 'step_3']);
  expect(ui.console.errors).toEqual([]);
});
