/**
 * Dragging step cards on the builder's canvas, in Chromium with real mouse moves: a step dragged
 * into a loop's body, into a router's second branch and after another step, and a loop with its
 * body, each checked through the API; Escape cancelling a drag; a plain click still opening a
 * step; no console errors.
 * Takes the `builder-drag` screenshot mid-drag, the drop targets shown.
 */
import type { PopulatedFlow, Trigger } from '@piecework/shared';
import { code, loop, outline, router, textIs, webhookTrigger, type Outline } from '@piecework/shared/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
});
afterAll(() => ui?.close());

/** trigger → step_1 → step_2 → step_3 (loop: step_4) → step_5 (router: [step_6], [step_7]) → step_8 */
async function importFlow(): Promise<PopulatedFlow> {
  const displayName = 'Drag steps';
  const flow = await user.client.flows.create({ projectId: user.projectId, displayName });
  const steps = [
    code('step_1', 'return 1;'),
    code('step_2', 'return 2;'),
    loop('step_3', '{{trigger.body.items}}', [code('step_4', 'return 4;')]),
    router('step_5', 'EXECUTE_FIRST_MATCH', [
      { conditions: [[textIs('{{trigger.body.kind}}', 'a')]], steps: [code('step_6', 'return 6;')] },
      { fallback: [code('step_7', 'return 7;')] },
    ]),
    code('step_8', 'return 8;'),
  ];
  let head: Trigger['nextAction'];
  for (const step of [...steps].reverse()) head = { ...step, nextAction: head } as typeof step;
  const trigger = { ...webhookTrigger(), nextAction: head } as Trigger;
  return user.client.flows.update(flow.id, { type: 'IMPORT_FLOW', request: { displayName, trigger } });
}

/** Polls the saved flow until its step tree is `expected`. */
async function expectOutline(flowId: string, expected: Outline): Promise<void> {
  await expect
    .poll(async () => outline((await user.client.flows.get(flowId)).version), { timeout: 10_000 })
    .toEqual(expected);
}

/** The main button of step `name`'s card. */
function card(page: Page, name: string) {
  return page
    .locator('.step-card-main')
    .filter({ has: page.locator('.step-card-name').getByText(name, { exact: true }) });
}

/** The "+" of the insertion point described as `where` (e.g. "after step_5"). */
function plus(page: Page, where: string) {
  return page.getByRole('button', { name: `Add a step ${where}`, exact: true });
}

async function centre(locator: ReturnType<Page['locator']>): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses the mouse on step `name`'s card and moves it until the drag shows its drop targets. */
async function startDrag(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Fit View' }).click();
  const from = await centre(card(page, name));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 20, { steps: 6 });
  await page
    .getByRole('status')
    .filter({ hasText: `Moving ${name}.` })
    .waitFor();
}

/** Moves the pressed mouse onto the "+" of `where` and waits until it is the marked drop target. */
async function dragOver(page: Page, where: string): Promise<void> {
  const target = plus(page, where);
  const to = await centre(target);
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await expect.poll(() => target.getAttribute('class')).toContain('is-drop-active');
}

/** Drags step `name` onto the "+" of `where` and drops it there. */
async function dragStep(page: Page, name: string, where: string): Promise<void> {
  await startDrag(page, name);
  await dragOver(page, where);
  await page.mouse.up();
  await page.locator('.drag-status').waitFor({ state: 'detached' });
}

/** Opens a new flow of {@link importFlow} in the builder. */
async function openNewFlow(page: Page): Promise<PopulatedFlow> {
  const flow = await importFlow();
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}`);
  await card(page, 'step_1').waitFor();
  return flow;
}

it('drags a step first into a loop body, the drop targets shown while dragging', async () => {
  const { page } = ui;
  const flow = await openNewFlow(page);
  await startDrag(page, 'step_1');
  // Where step_1 already is (after the trigger) is not offered; the other places are.
  await expect.poll(() => page.locator('.edge-plus.is-drop-target').count()).toBeGreaterThan(3);
  expect(await plus(page, 'after trigger').count()).toBe(0);
  await dragOver(page, 'inside loop step_3');
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Moving step_1.' }).textContent())
    .toContain('Drop to put it inside loop step_3');
  await saveScreenshot(page, 'builder-drag');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.mouse.up();
  await expectOutline(flow.id, [
    'step_2',
    { step_3: ['step_1', 'step_4'] },
    { step_5: [['step_6'], ['step_7']] },
    'step_8',
  ]);
  expect(ui.console.errors).toEqual([]);
});

it('drags steps into a router branch and after another step, a loop with its body', async () => {
  const { page } = ui;
  const flow = await openNewFlow(page);
  // Into the router's second branch, first in it.
  await dragStep(page, 'step_8', 'in branch “Otherwise” of step_5');
  await expectOutline(flow.id, [
    'step_1',
    'step_2',
    { step_3: ['step_4'] },
    { step_5: [['step_6'], ['step_8', 'step_7']] },
  ]);
  // After another step: step_1 after the router.
  await dragStep(page, 'step_1', 'after step_5');
  await expectOutline(flow.id, [
    'step_2',
    { step_3: ['step_4'] },
    { step_5: [['step_6'], ['step_8', 'step_7']] },
    'step_1',
  ]);
  // A loop carries its body, and no place inside the loop is offered while it is dragged.
  await startDrag(page, 'step_3');
  expect(await plus(page, 'inside loop step_3').count()).toBe(0);
  expect(await plus(page, 'after step_4').count()).toBe(0);
  await dragOver(page, 'after step_1');
  await page.mouse.up();
  await expectOutline(flow.id, [
    'step_2',
    { step_5: [['step_6'], ['step_8', 'step_7']] },
    'step_1',
    { step_3: ['step_4'] },
  ]);
  expect(ui.console.errors).toEqual([]);
});

it('cancels a drag with Escape, and a click still opens a step', async () => {
  const { page } = ui;
  const flow = await openNewFlow(page);
  await startDrag(page, 'step_2');
  await dragOver(page, 'inside loop step_3');
  await page.keyboard.press('Escape');
  await page.locator('.drag-status').waitFor({ state: 'detached' });
  expect(await page.locator('.edge-plus.is-drop-target').count()).toBe(0);
  await page.mouse.up();
  // Edits run in order: once "Move down" of step_1 is saved, a drop of the cancelled drag would be too.
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.getByRole('button', { name: 'Actions of step_1' }).click();
  await page.getByRole('menuitem', { name: 'Move down' }).click();
  await expectOutline(flow.id, [
    'step_2',
    'step_1',
    { step_3: ['step_4'] },
    { step_5: [['step_6'], ['step_7']] },
    'step_8',
  ]);

  await page.getByRole('button', { name: 'Fit View' }).click();
  await card(page, 'step_6').click();
  await expect.poll(() => card(page, 'step_6').getAttribute('aria-pressed')).toBe('true');
  expect(ui.console.errors).toEqual([]);
});
