/**
 * The flow builder in Chromium: a flow built step by step through the canvas, the piece picker
 * and the router panel, each change checked through the API; publishing and "use as draft";
 * two tabs on one flow; a 200-step flow that opens and pans.
 */
import type { PopulatedFlow, Step, Trigger } from '@piecework/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { pickOption } from './support/combobox';
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

/**
 * A flow's structure in short: each step as `name:TYPE` (with `(skip)` when skipped), a loop as
 * `{ 'name:LOOP_ON_ITEMS': body }`, a router as `{ 'name:ROUTER': { branchName: steps } }`.
 */
type Shape = (string | Record<string, Shape | Record<string, Shape>>)[];
function shapeOf(head: Step | null | undefined): Shape {
  const shape: Shape = [];
  for (let step = head; step; step = step.nextAction) {
    const label = `${step.name}:${step.type}${step.skip === true ? '(skip)' : ''}`;
    if (step.type === 'LOOP_ON_ITEMS') shape.push({ [label]: shapeOf(step.firstLoopAction) });
    else if (step.type === 'ROUTER') {
      const branches = step.settings.branches.map((branch, index) => [
        branch.branchName,
        shapeOf(step.children[index]),
      ]);
      shape.push({ [label]: Object.fromEntries(branches) as Record<string, Shape> });
    } else shape.push(label);
  }
  return shape;
}
const shape = (trigger: Trigger) => [`${trigger.name}:${trigger.type}`, ...shapeOf(trigger.nextAction)];

/** Polls the flow through the API until `read` of it equals `expected`. */
async function expectFlow<T>(flowId: string, read: (flow: PopulatedFlow) => T, expected: T): Promise<void> {
  await expect
    .poll(async () => read(await user.client.flows.get(flowId)), { timeout: 10_000 })
    .toEqual(expected);
}

/** The router `name` of the main chain. */
function routerOf(flow: PopulatedFlow, name: string) {
  for (let step = flow.version.trigger.nextAction; step; step = step.nextAction) {
    if (step.name === name && step.type === 'ROUTER') return step;
  }
  throw new Error(`${name} is not a router of the main chain`);
}

/** Chooses `item` in the open piece picker. */
async function pick(page: Page, item: string): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: item, exact: true }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

/** Fits the whole flow in the canvas (as a user would before reaching a card out of view). */
async function fitView(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fit View' }).click();
}

/** Clicks the "+" named `name` (e.g. "Add a step after step_1"), the whole flow in view. */
async function plus(page: Page, name: string): Promise<void> {
  await fitView(page);
  await page.getByRole('button', { name }).click();
}

/** Opens the menu of step `name` and chooses `action`. */
async function stepMenu(page: Page, name: string, action: string): Promise<void> {
  await fitView(page);
  await page.getByRole('button', { name: `Actions of ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

it('builds a flow on the canvas: trigger, steps, router branches and conditions, loop, edits, notes', async () => {
  const { page } = ui;
  const flow = await user.client.flows.create({ projectId: user.projectId, displayName: 'Order router' });
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}`);
  const get = (read: (each: PopulatedFlow) => unknown, expected: unknown) =>
    expectFlow(flow.id, read, expected);
  const structure = (each: PopulatedFlow) => shape(each.version.trigger);

  // The trigger, chosen with the keyboard: search, Down to the piece, Right to its triggers, Enter.
  await page.getByRole('button', { name: /Select trigger/ }).click();
  await page.getByLabel('Search pieces').fill('webhook');
  await expect.poll(() => page.getByRole('button', { name: /Catch Webhook/ }).isVisible()).toBe(true);
  await page.getByLabel('Search pieces').press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await get(
    (each) => {
      const trigger = each.version.trigger;
      return trigger.type === 'PIECE_TRIGGER'
        ? [trigger.settings.pieceName, trigger.settings.triggerName]
        : trigger.type;
    },
    ['@activepieces/piece-webhook', 'catch_webhook'],
  );

  // A code step after the trigger, with Activepieces' starter code.
  await plus(page, 'Add a step after trigger');
  await page
    .getByRole('region', { name: /^Actions of / })
    .getByRole('button')
    .first()
    .waitFor();
  await saveScreenshot(page, 'piece-picker');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await pick(page, 'Code');
  await get(structure, ['trigger:PIECE_TRIGGER', 'step_1:CODE']);
  const step1 = (await user.client.flows.get(flow.id)).version.trigger.nextAction;
  expect(step1?.type === 'CODE' && step1.settings.sourceCode).toEqual({
    code: 'export const code = async (inputs) => {\n  return true;\n};',
    packageJson: '{}',
  });

  // A router: its panel opens; a third branch, names, and one condition of each kind.
  await plus(page, 'Add a step after step_1');
  await pick(page, 'Router');
  await get(structure, [
    'trigger:PIECE_TRIGGER',
    'step_1:CODE',
    { 'step_2:ROUTER': { 'Branch 1': [], Otherwise: [] } },
  ]);
  const panel = page.getByRole('complementary', { name: 'Router step_2' });
  await panel.getByRole('button', { name: 'Add branch' }).click();
  await get(structure, [
    'trigger:PIECE_TRIGGER',
    'step_1:CODE',
    { 'step_2:ROUTER': { 'Branch 1': [], 'Branch 2': [], Otherwise: [] } },
  ]);
  await panel.getByRole('region', { name: 'Branch Branch 1' }).getByLabel('Branch name').fill('Has kind');
  await page.keyboard.press('Enter');
  await panel.getByRole('region', { name: 'Branch Branch 2' }).getByLabel('Branch name').fill('Is big');
  await page.keyboard.press('Enter');
  const hasKind = panel.getByRole('region', { name: 'Branch Has kind' });
  await hasKind.getByLabel('First value').fill("{{trigger['output'].body.kind}}");
  await hasKind.getByLabel('First value').press('Enter');
  await pickOption(hasKind.getByLabel('Operator'), 'Exists');
  await expect.poll(() => hasKind.getByLabel('Second value').count()).toBe(0);
  const isBig = panel.getByRole('region', { name: 'Branch Is big' });
  await isBig.getByLabel('First value').fill("{{trigger['output'].body.size}}");
  await isBig.getByLabel('First value').press('Enter');
  await pickOption(isBig.getByLabel('Operator'), '(Number) Is greater than');
  await isBig.getByLabel('Second value').fill('10');
  await isBig.getByLabel('Second value').press('Enter');
  await get(
    (each) => {
      const router = routerOf(each, 'step_2');
      return [router.valid, router.settings.branches];
    },
    [
      true,
      [
        {
          branchType: 'CONDITION',
          branchName: 'Has kind',
          conditions: [[{ operator: 'EXISTS', firstValue: "{{trigger['output'].body.kind}}" }]],
        },
        {
          branchType: 'CONDITION',
          branchName: 'Is big',
          conditions: [
            [
              {
                operator: 'NUMBER_IS_GREATER_THAN',
                firstValue: "{{trigger['output'].body.size}}",
                secondValue: '10',
              },
            ],
          ],
        },
        { branchType: 'FALLBACK', branchName: 'Otherwise' },
      ],
    ],
  );
  await saveScreenshot(page, 'builder-router');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The router's execution type, and its branches reordered, duplicated and deleted.
  const branchNames = (each: PopulatedFlow) =>
    routerOf(each, 'step_2').settings.branches.map((b) => b.branchName);
  await pickOption(panel.getByLabel('Run'), 'Every branch whose conditions are met');
  await get((each) => routerOf(each, 'step_2').settings.executionType, 'EXECUTE_ALL_MATCH');
  await panel.getByRole('button', { name: 'Move branch Is big up' }).click();
  await get(branchNames, ['Is big', 'Has kind', 'Otherwise']);
  await panel.getByRole('button', { name: 'Duplicate branch Has kind' }).click();
  await get(branchNames, ['Is big', 'Has kind', 'Has kind Copy', 'Otherwise']);
  await panel.getByRole('button', { name: 'Delete branch Has kind Copy' }).click();
  await get(branchNames, ['Is big', 'Has kind', 'Otherwise']);
  await panel.getByRole('button', { name: 'Move branch Has kind up' }).click();
  await get(branchNames, ['Has kind', 'Is big', 'Otherwise']);

  // A step inside a branch, a loop after the router and a step inside the loop.
  await plus(page, 'Add a step in branch “Is big” of step_2');
  await pick(page, 'Code');
  await plus(page, 'Add a step after step_2');
  await pick(page, 'Loop on items');
  await plus(page, 'Add a step inside loop step_4');
  await pick(page, 'Code');
  await get(structure, [
    'trigger:PIECE_TRIGGER',
    'step_1:CODE',
    { 'step_2:ROUTER': { 'Has kind': [], 'Is big': ['step_3:CODE'], Otherwise: [] } },
    { 'step_4:LOOP_ON_ITEMS': ['step_5:CODE'] },
  ]);

  // Duplicate, skip and delete a step.
  await stepMenu(page, 'step_1', 'Duplicate');
  await get(structure, [
    'trigger:PIECE_TRIGGER',
    'step_1:CODE',
    'step_6:CODE',
    { 'step_2:ROUTER': { 'Has kind': [], 'Is big': ['step_3:CODE'], Otherwise: [] } },
    { 'step_4:LOOP_ON_ITEMS': ['step_5:CODE'] },
  ]);
  await stepMenu(page, 'step_6', 'Skip');
  await get((each) => structure(each)[2], 'step_6:CODE(skip)');
  await expect.poll(() => page.getByRole('button', { name: /step_6 Skipped/ }).isVisible()).toBe(true);
  await stepMenu(page, 'step_6', 'Delete');
  await get((each) => structure(each).length, 4);

  // Move a step down, and another one into the loop with "Move to…".
  await stepMenu(page, 'step_1', 'Move down');
  await get(
    (each) => structure(each).slice(1, 3),
    [{ 'step_2:ROUTER': { 'Has kind': [], 'Is big': ['step_3:CODE'], Otherwise: [] } }, 'step_1:CODE'],
  );
  await stepMenu(page, 'step_3', 'Move to…');
  await pickOption(page.getByRole('dialog').getByLabel('New position'), 'Put it inside loop step_4');
  await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
  await get(structure, [
    'trigger:PIECE_TRIGGER',
    { 'step_2:ROUTER': { 'Has kind': [], 'Is big': [], Otherwise: [] } },
    'step_1:CODE',
    { 'step_4:LOOP_ON_ITEMS': ['step_3:CODE', 'step_5:CODE'] },
  ]);

  // A note: added, written in, dragged by its bar.
  await page.getByRole('button', { name: 'Add note' }).click();
  await get((each) => each.version.notes.map((note) => note.content), ['']);
  await page.getByLabel('Note text').fill('Ask Sam about big orders');
  await page.getByLabel('Note text').blur();
  await get((each) => each.version.notes.map((note) => note.content), ['Ask Sam about big orders']);
  const before = (await user.client.flows.get(flow.id)).version.notes[0]!.position;
  const bar = (await page.locator('.note-handle').boundingBox())!;
  await page.mouse.move(bar.x + 10, bar.y + 5);
  await page.mouse.down();
  await page.mouse.move(bar.x + 60, bar.y + 45, { steps: 5 });
  await page.mouse.move(bar.x + 110, bar.y + 85, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => {
      const after = (await user.client.flows.get(flow.id)).version.notes[0]!.position;
      return [after.x > before.x + 50, after.y > before.y + 40];
    })
    .toEqual([true, true]);

  // A click on the empty canvas closes the step's panel.
  await page.locator('.react-flow__pane').click({ position: { x: 60, y: 200 } });
  await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe(null);
  await fitView(page);
  await saveScreenshot(page, 'builder');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The loop has no items yet: Publish is disabled and says why.
  const publish = page.getByRole('button', { name: 'Publish' });
  expect(await publish.isDisabled()).toBe(true);
  const reason = await page
    .locator(`#${(await publish.getAttribute('aria-describedby')) ?? ''}`)
    .textContent();
  expect(reason).toMatch(/^Fix step_4 to publish: The loop has no items/);

  await page.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete note' }).click();
  await get((each) => each.version.notes.length, 0);
  expect(ui.console.errors).toEqual([]);
});

it('opens the step in the URL, selects with Enter and keeps the selection in the URL', async () => {
  const { page } = ui;
  const flow = await flowWithSteps(user, 'Selection', 2);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}?step=step_2`);
  const card = (name: string) => page.getByRole('button', { name: new RegExp(`^Code ${name} ${name}`) });
  await expect.poll(() => card('step_2').getAttribute('aria-pressed')).toBe('true');
  expect(await card('step_1').getAttribute('aria-pressed')).toBe('false');
  const historyLength = await page.evaluate<number>('history.length');
  await card('step_1').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('step_1');
  await expect.poll(() => card('step_1').getAttribute('aria-pressed')).toBe('true');
  expect(await card('step_2').getAttribute('aria-pressed')).toBe('false');
  expect(await page.evaluate<number>('history.length')).toBe(historyLength);
  await page.reload();
  await expect.poll(() => card('step_1').getAttribute('aria-pressed')).toBe('true');
  expect(ui.console.errors).toEqual([]);
});

it('publishes, switches the flow off, and brings a previous version back as the draft', async () => {
  const { page } = ui;
  const flow = await flowWithSteps(user, 'Publishing', 1);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flow.id}`);
  await page.getByLabel('Flow name').fill('Welcome mail');
  await page.getByLabel('Flow name').press('Enter');
  await expectFlow(flow.id, (each) => each.version.displayName, 'Welcome mail');
  await page.getByRole('button', { name: 'Test flow' }).click();
  const runLink = page.getByRole('link', { name: 'Open the test run' });
  await runLink.waitFor();
  const runId = (await runLink.getAttribute('href'))?.split('/runs/')[1];
  expect((await user.client.flowRuns.get(runId ?? '')).environment).toBe('TESTING');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expectFlow(flow.id, (each) => [each.status, each.publishedVersionId === each.version.id], [
    'ENABLED',
    true,
  ]);
  await expect.poll(() => page.getByRole('switch', { name: 'Enabled' }).isChecked()).toBe(true);
  expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
  await page.getByRole('switch', { name: 'Enabled' }).click();
  await expectFlow(flow.id, (each) => each.status, 'DISABLED');

  // An edit makes a new draft; the published version is still there.
  await plus(page, 'Add a step after step_1');
  await pick(page, 'Code');
  await expectFlow(flow.id, (each) => [each.version.state, shape(each.version.trigger)], [
    'DRAFT',
    ['trigger:PIECE_TRIGGER', 'step_1:CODE', 'step_2:CODE'],
  ]);

  // The published version, viewed read-only, then used as the draft.
  await page.getByRole('button', { name: 'Versions' }).click();
  await page.getByRole('button', { name: 'View Version 1' }).click();
  await expect.poll(() => page.getByText(/It is read-only/).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: /step_2/ }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /Add a step/ }).count()).toBe(0);
  await page.locator('.builder-notice').getByRole('button', { name: 'Use as draft' }).click();
  await expectFlow(flow.id, (each) => [each.version.state, shape(each.version.trigger)], [
    'DRAFT',
    ['trigger:PIECE_TRIGGER', 'step_1:CODE'],
  ]);
  await expect.poll(() => page.getByText(/It is read-only/).count()).toBe(0);
  expect(ui.console.errors).toEqual([]);
});

it('shows an edit made in another tab, and refuses an edit made against a stale draft', async () => {
  const flow = await flowWithSteps(user, 'Two tabs', 1);
  const path = `/projects/${user.projectId}/flows/${flow.id}`;
  const tabA = ui.page;
  await openSignedIn(tabA, ui.url, user, path);
  const tabB = await ui.newPage();
  await tabB.goto(`${ui.url}${path}`);
  await expect
    .poll(() =>
      tabB
        .getByRole('button', { name: /step_1/ })
        .first()
        .isVisible(),
    )
    .toBe(true);

  // Tab A adds a step: tab B shows it without a reload (it re-reads the flow every 3 s).
  await tabA.bringToFront();
  await plus(tabA, 'Add a step after step_1');
  await pick(tabA, 'Code');
  await expect
    .poll(() => tabB.getByRole('button', { name: /Code step_2/ }).isVisible(), { timeout: 10_000 })
    .toBe(true);

  // Tab B stops seeing changes (its reads answer the flow as it is now); tab A skips step_1.
  const stale = await user.client.flows.get(flow.id);
  const isFlowRead = (url: URL) => url.pathname === `/api/v1/flows/${flow.id}`;
  await tabB.route(isFlowRead, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: stale }) : route.continue(),
  );
  await stepMenu(tabA, 'step_1', 'Skip');
  await expectFlow(flow.id, (each) => shape(each.version.trigger)[1], 'step_1:CODE(skip)');

  // Tab B's edit is made against the draft before the skip: refused, said so, nothing overwritten.
  await tabB.bringToFront();
  await stepMenu(tabB, 'step_2', 'Duplicate');
  await expect
    .poll(() =>
      tabB
        .getByRole('alert')
        .filter({ hasText: /changed in another tab/ })
        .isVisible(),
    )
    .toBe(true);
  const after = await user.client.flows.get(flow.id);
  expect(shape(after.version.trigger)).toEqual(['trigger:PIECE_TRIGGER', 'step_1:CODE(skip)', 'step_2:CODE']);
  await tabB.unroute(isFlowRead);
  await expect
    .poll(() => tabB.getByRole('button', { name: /step_1 Skipped/ }).isVisible(), { timeout: 10_000 })
    .toBe(true);
  await tabB.close();
  // The one error logged is the browser's line about tab B's refused request (409 Conflict).
  expect(ui.console.errors).toEqual([expect.stringMatching(/status of 409 \(Conflict\)/)]);
  ui.console.errors.length = 0;
});

it('opens a 200-step flow and pans and zooms it', async ({ annotate }) => {
  const { page } = ui;
  const flow = await flowWithSteps(user, 'Two hundred steps', 200);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows`);
  const started = Date.now();
  await page.goto(`${ui.url}/projects/${user.projectId}/flows/${flow.id}`);
  await page.getByRole('button', { name: /Webhook trigger/ }).waitFor();
  await page.getByRole('button', { name: /Code step_1 step_1/ }).waitFor();
  await annotate(`200-step flow: ${String(Date.now() - started)} ms from navigation to its first cards`);

  // React Flow writes the viewport's pan and zoom as the layer's inline transform.
  const transform = () => page.locator('.react-flow__viewport').getAttribute('style');
  const pane = (await page.locator('.react-flow__pane').boundingBox())!;
  const start = await transform();
  await page.mouse.move(pane.x + 120, pane.y + pane.height - 80);
  await page.mouse.down();
  await page.mouse.move(pane.x + 220, pane.y + 120, { steps: 8 });
  await page.mouse.up();
  const dragged = await transform();
  expect(dragged).not.toBe(start);
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  for (let turn = 0; turn < 10; turn++) await page.mouse.wheel(0, 2_000);
  // Only the cards in view are rendered: far down the flow, step_1 is gone and later steps show.
  const rendered = () =>
    page
      .locator('.react-flow__node-step')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id')));
  await expect.poll(async () => (await rendered()).includes('step_1')).toBe(false);
  const numbers = (await rendered()).map((name) => Number(name?.replace('step_', '')));
  expect(Math.min(...numbers)).toBeGreaterThan(30);
  const zoomBefore = await transform();
  await page.getByRole('button', { name: 'Zoom Out' }).click();
  await expect.poll(transform).not.toBe(zoomBefore);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(ui.console.errors).toEqual([]);
});
