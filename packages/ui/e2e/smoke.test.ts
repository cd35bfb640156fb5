import { afterAll, beforeAll, expect, it } from 'vitest';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui?.close());

it('opens the app at / and lands on sign-in', async () => {
  await ui.page.goto(ui.url);
  await ui.page.waitForURL(/\/sign-in/);
  expect(ui.console.errors).toEqual([]);
});
