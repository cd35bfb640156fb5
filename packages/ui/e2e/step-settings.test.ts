/**
 * The builder's step settings panel in Chromium: a code step edited in CodeMirror, a piece
 * action's generated form, a connection created in the dialog and a dynamic dropdown filled by
 * the piece, the data selector inserting a reference from the trigger's sample data, and tests
 * of a trigger and of a step. Flows are built through the API; the panel opens for the step
 * named in `?step=`. What the panel saves is checked through the API.
 */
import type { PopulatedFlow, Step, StepRequest, Trigger } from '@piecework/shared';
import { findStep } from '@piecework/shared';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { placeFixturePiece } from '../../server/src/testing/test-pieces';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { pickOption } from './support/combobox';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;
let page: Page;
/** A real OAuth2 provider on loopback, for the consent popup. */
let provider: OAuth2Server;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  // The server may call the provider's token URL on loopback.
  ui = await startUi({ env: { AP_SSRF_ALLOW_LIST: '127.0.0.1' } });
  const piecesDir = ui.server.server.context.settings.piecesDir;
  await placeFixturePiece(piecesDir, 'piece-menu', '1.0.0');
  await placeFixturePiece(piecesDir, 'piece-oauth', '1.0.0');
  await placeFixturePiece(piecesDir, 'piece-poll', '1.0.0');
  // Pieces' logos live on the internet; the test machine is offline.
  await ui.context.route(/^https:\/\//, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  user = await signUpThroughApi(ui.url);
  page = ui.page;
});
afterAll(async () => {
  await ui?.close();
  await provider?.stop();
});
beforeEach(() => {
  ui.console.errors.length = 0;
});

const webhookTrigger = {
  name: 'trigger',
  displayName: 'Catch Webhook',
  type: 'PIECE_TRIGGER',
  valid: true,
  settings: {
    pieceName: '@activepieces/piece-webhook',
    pieceVersion: '0.1.29',
    triggerName: 'catch_webhook',
    propertySettings: {},
    input: { authType: 'none' },
  },
} as const;

function codeStep(name: string, code: string, input: Record<string, unknown> = {}): StepRequest {
  return {
    name,
    displayName: 'Greet',
    type: 'CODE',
    valid: true,
    settings: { sourceCode: { code, packageJson: '{}' }, input },
  };
}

function pieceStep(name: string, pieceName: string, pieceVersion: string, actionName?: string): StepRequest {
  return {
    name,
    displayName: 'Piece step',
    type: 'PIECE',
    valid: false,
    settings: {
      pieceName,
      pieceVersion,
      ...(actionName ? { actionName } : {}),
      propertySettings: {},
      input: {},
    },
  };
}

/** A flow with the webhook trigger and `steps` one after the other. */
async function flowWith(...steps: StepRequest[]): Promise<PopulatedFlow> {
  const flow = await user.client.flows.create({ projectId: user.projectId, displayName: 'Panel test' });
  await user.client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger });
  let parent = 'trigger';
  for (const step of steps) {
    await user.client.flows.update(flow.id, {
      type: 'ADD_ACTION',
      request: { parentStep: parent, action: step },
    });
    parent = step.name;
  }
  return user.client.flows.get(flow.id);
}

/** Step `name` of the flow's draft as the API answers it now. */
async function savedStep(flowId: string, name: string): Promise<Step | Trigger> {
  const step = findStep((await user.client.flows.get(flowId)).version, name);
  if (step === undefined) throw new Error(`no step ${name}`);
  return step;
}

async function openStep(flowId: string, stepName: string): Promise<void> {
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows/${flowId}?step=${stepName}`);
  await page.getByRole('complementary', { name: /^Settings of/ }).waitFor();
}

/** Waits until the panel says its draft is saved. */
async function saved(): Promise<void> {
  await page
    .locator('.save-status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
}

it('edits a code step in CodeMirror through the keyboard and adds an input', async () => {
  const flow = await flowWith(codeStep('step_1', 'export const code = async () => 1;'));
  await openStep(flow.id, 'step_1');
  const editor = page.getByRole('textbox', { name: 'step_1 index.ts' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type("export const code = async (inputs) => ({ greeting: 'Hi ' + inputs.name });");
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByLabel('Name of input 1').fill('name');
  await page.getByLabel('Value of name').fill('Ada');
  await saved();

  await expect
    .poll(async () => (await savedStep(flow.id, 'step_1')).settings)
    .toMatchObject({
      sourceCode: { code: "export const code = async (inputs) => ({ greeting: 'Hi ' + inputs.name });" },
      input: { name: 'Ada' },
    });
  // Tab indents inside the editor; Escape, then Tab, moves on to the next control.
  await editor.click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  expect(await page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe('Name of input 1');

  await page.getByRole('tab', { name: 'package.json' }).click();
  await page.getByRole('textbox', { name: 'step_1 package.json' }).waitFor();
  await saveScreenshot(page, 'code-editor');
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(ui.console.errors).toEqual([]);
});

it("fills a piece action's form and never loses typing while it saves", async () => {
  const flow = await flowWith(pieceStep('step_1', '@activepieces/piece-store', '0.6.20'));
  await openStep(flow.id, 'step_1');
  await pickOption(
    page.getByRole('complementary', { name: /^Settings of/ }).getByLabel('Action'),
    'Add To List',
  );
  const key = page.getByLabel('Key');
  await expect.poll(() => page.locator('.field-error', { hasText: 'Required' }).count()).toBeGreaterThan(0);
  // Publish's reason shows while the step is incomplete; its going must not move the page.
  const header = page.locator('.builder-header');
  await page.locator('.publish-reason').waitFor();
  const headerHeight = (await header.boundingBox())?.height;
  // Saves happen between the two halves; the second half is typed after the server answered.
  await key.pressSequentially('shop');
  await saved();
  await key.pressSequentially('ping-list');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('textbox', { name: 'Value item 1' }).fill('milk');
  await pickOption(page.getByRole('combobox', { name: 'Store Scope' }), 'Flow');
  await page.getByRole('checkbox', { name: 'Ignore if value exists' }).check();
  await saved();
  expect(await key.textContent()).toBe('shopping-list');
  await page.locator('.publish-reason').waitFor({ state: 'detached' });
  expect((await header.boundingBox())?.height).toBe(headerHeight);

  await expect
    .poll(async () => {
      const step = await savedStep(flow.id, 'step_1');
      return { valid: step.valid, settings: step.settings };
    })
    .toMatchObject({
      valid: true,
      settings: {
        actionName: 'add_to_list',
        input: { key: 'shopping-list', value: ['milk'], store_scope: 'FLOW', ignore_if_exists: true },
      },
    });
  await saveScreenshot(page, 'step-settings');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // In a 400 px wide iframe the panel takes the width and nothing spills sideways.
  await page.setViewportSize({ width: 400, height: 720 });
  const panel = page.getByRole('complementary', { name: /^Settings of/ });
  expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  expect(await page.getByRole('combobox', { name: 'Store Scope' }).isVisible()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(ui.console.errors).toEqual([]);
});

it('creates a connection in the dialog and fills a dynamic dropdown from the piece', async () => {
  const flow = await flowWith(pieceStep('step_1', '@fixtures/piece-menu', '1.0.0', 'order'));
  // The fixture's "Broken" dropdown fails on purpose (409): the browser logs that answer.
  ui.console.allow(/status of 409 .*\/api\/v1\/pieces\/options/);
  await openStep(flow.id, 'step_1');
  await page.getByRole('status').filter({ hasText: 'the kitchen is closed' }).waitFor();
  await page.getByLabel('Course').fill('Pasta');
  // Without a connection the piece answers "disabled" with its placeholder.
  const dish = page.getByRole('combobox', { name: 'Dish' });
  await expect.poll(() => dish.textContent()).toBe('Connect first');
  expect(await dish.isDisabled()).toBe(true);

  await page.getByRole('button', { name: 'New connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Menu connection' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Fill in the required fields.' }).waitFor();
  expect(await dialog.getByLabel('External ID').inputValue()).toBe('menu');
  await dialog.getByLabel('API key').fill('secret-key-1');
  await saveScreenshot(page, 'new-connection');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  const connections = await user.client.appConnections.list({
    projectId: user.projectId,
    pieceName: '@fixtures/piece-menu',
  });
  expect(connections.data.map((connection) => [connection.externalId, connection.type])).toEqual([
    ['menu', 'SECRET_TEXT'],
  ]);
  await expect.poll(() => page.getByLabel('Connection').textContent()).toBe('Menu');

  await pickOption(dish, 'Pasta pie');
  await page.getByLabel('Sauce').fill('pesto');
  await saved();
  await expect
    .poll(async () => {
      const step = await savedStep(flow.id, 'step_1');
      return { valid: step.valid, settings: step.settings };
    })
    .toMatchObject({
      valid: true,
      settings: {
        input: {
          auth: "{{connections['menu']}}",
          course: 'Pasta',
          dish: expect.stringMatching(/^Pasta pie\|/),
          extras: { Pasta_sauce: 'pesto' },
        },
        propertySettings: { extras: { schema: { Pasta_sauce: { type: 'SHORT_TEXT' } } } },
      },
    });
  expect(ui.console.errors).toEqual([]);
});

it('tests the webhook trigger through its test URL and inserts its data with the data selector', async () => {
  const flow = await flowWith(codeStep('step_1', 'export const code = async (inputs) => inputs;'));
  await openStep(flow.id, 'trigger');
  const testUrl = await page.getByLabel('Test URL').inputValue();
  expect(testUrl).toBe(`${ui.url}/api/v1/webhooks/${flow.id}/test`);
  await page.getByRole('button', { name: 'Test trigger' }).click();
  await page.getByText('Waiting for a request to the test URL').waitFor();
  const answer = await fetch(testUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer: { name: 'Ada' }, items: [{ id: 7 }] }),
  });
  expect(answer.status).toBe(200);
  await page.getByLabel('Sample data of trigger').waitFor();
  expect(await page.getByLabel('Sample data of trigger').textContent()).toContain('"Ada"');

  await openStep(flow.id, 'step_1');
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByLabel('Name of input 1').fill('who');
  const value = page.getByLabel('Value of who');
  await value.fill('Hello ');
  const selector = page.getByRole('region', { name: 'Data selector' });
  await selector.waitFor();
  await selector.getByRole('button', { name: 'Expand trigger body' }).click();
  await selector.getByRole('button', { name: 'Expand trigger body.customer' }).click();
  await saveScreenshot(page, 'data-selector');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await selector.getByRole('button', { name: 'Insert trigger body.customer.name' }).click();
  // The reference shows as a chip standing for its exact text.
  const chip = value.locator('.reference-chip');
  expect(await chip.getAttribute('data-reference')).toBe("{{trigger['output']['body']['customer']['name']}}");
  expect(await chip.textContent()).toBe('1. Catch Webhook › body.customer.name');
  // The caret is after the reference: typing goes on there.
  await page.keyboard.type('!');
  await saved();
  await expect
    .poll(async () => (await savedStep(flow.id, 'step_1')).settings)
    .toMatchObject({ input: { who: "Hello {{trigger['output']['body']['customer']['name']}}!" } });
  expect(ui.console.errors).toEqual([]);
});

it("tests a code step and shows its output, kept as the step's sample data", async () => {
  const flow = await flowWith(codeStep('step_1', 'export const code = async () => ({ sum: 1 + 2 });'));
  await openStep(flow.id, 'step_1');
  await page.getByRole('button', { name: 'Test step' }).click();
  const output = page.getByLabel('Output of step_1');
  await output.waitFor({ timeout: 30_000 });
  expect(JSON.parse((await output.textContent()) ?? '')).toEqual({ sum: 3 });
  const latest = await user.client.flows.get(flow.id);
  const sample = await user.client.sampleData.get({
    projectId: user.projectId,
    flowId: flow.id,
    flowVersionId: latest.version.id,
    stepName: 'step_1',
    type: 'OUTPUT',
  });
  expect(sample).toEqual({ sum: 3 });
  expect(ui.console.errors).toEqual([]);
});

it('connects an OAuth2 connection through the consent popup', async () => {
  // The app's /redirect page (built with sign-in, on another branch) posts the provider's answer
  // to the opener; this stand-in posts the same message, so the dialog's side is tested against
  // a real provider. Browsers' routes skip redirected requests, so the provider's redirect back
  // is followed by a plain navigation the route sees.
  await ui.context.route(/\/authorize\?/, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    const back = answer.headers()['location'] ?? '';
    await route.fulfill({
      contentType: 'text/html',
      body: `<script>location.replace(${JSON.stringify(back)})</script>`,
    });
  });
  await ui.context.route(/\/redirect\?/, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>
        const params = new URLSearchParams(location.search);
        window.opener.postMessage({ type: 'piecework.oauth-redirect', code: params.get('code'),
          state: params.get('state'), error: params.get('error') }, location.origin);
        window.close();
      </script>`,
    }),
  );
  const flow = await flowWith(pieceStep('step_1', '@fixtures/piece-oauth', '1.0.0', 'whoami'));
  await openStep(flow.id, 'step_1');
  await page.getByRole('button', { name: 'New connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New OAuth fixture connection' });
  expect(await dialog.getByLabel('Redirect URL').inputValue()).toBe(`${ui.url}/redirect`);
  await dialog.getByLabel('Client ID').fill('piecework-client');
  await dialog.getByLabel('Client secret').fill('client-secret-1');
  await dialog.getByRole('textbox', { name: 'Provider URL' }).fill(provider.issuer.url ?? '');
  const popup = ui.context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  const consent = await popup;
  // The popup may already have closed by the time the test sees it (a busy machine runs the
  // consent, the redirect and window.close() in one go): the dialog's answer is awaited first,
  // then the popup's state is read, never a 'close' event that may have passed.
  await dialog.getByText('Connected', { exact: true }).waitFor();
  await expect.poll(() => consent.isClosed()).toBe(true);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  const connections = await user.client.appConnections.list({
    projectId: user.projectId,
    pieceName: '@fixtures/piece-oauth',
  });
  expect(
    connections.data.map((connection) => [connection.externalId, connection.type, connection.status]),
  ).toEqual([['oauth', 'OAUTH2', 'ACTIVE']]);
  await expect
    .poll(async () => (await savedStep(flow.id, 'step_1')).settings)
    .toMatchObject({ input: { auth: "{{connections['oauth']}}" } });
  expect(ui.console.errors).toEqual([]);
});

it("picks one of the items a polling trigger's test found as its sample data", async () => {
  const items = [
    { id: 'b', createdAt: '2026-01-02T00:00:00.000Z', name: 'second' },
    { id: 'a', createdAt: '2026-01-01T00:00:00.000Z', name: 'first' },
  ];
  const source: Server = createServer((_, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(items));
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${String((source.address() as AddressInfo).port)}/items`;
    const flow = await user.client.flows.create({ projectId: user.projectId, displayName: 'Polling' });
    await user.client.flows.update(flow.id, {
      type: 'UPDATE_TRIGGER',
      request: {
        name: 'trigger',
        displayName: 'New item',
        type: 'PIECE_TRIGGER',
        valid: true,
        settings: {
          pieceName: '@fixtures/piece-poll',
          pieceVersion: '1.0.0',
          triggerName: 'new_item',
          propertySettings: {},
          input: { url },
        },
      },
    });
    await openStep(flow.id, 'trigger');
    expect(await page.getByLabel('Test URL').count()).toBe(0);
    await page.getByRole('button', { name: 'Test trigger' }).click();
    const choices = page.getByRole('group', { name: 'Sample data to keep' });
    await choices.waitFor();
    // The server kept the first item; picking the second saves it instead.
    await expect.poll(() => choices.getByRole('radio', { name: /^Item 1/ }).isChecked()).toBe(true);
    await choices.getByRole('radio', { name: /^Item 2/ }).check();
    await page.getByText('Sample data saved').waitFor();
    const latest = await user.client.flows.get(flow.id);
    const sample = await user.client.sampleData.get({
      projectId: user.projectId,
      flowId: flow.id,
      flowVersionId: latest.version.id,
      stepName: 'trigger',
      type: 'OUTPUT',
    });
    expect(sample).toEqual(items[1]);
    expect(ui.console.errors).toEqual([]);
  } finally {
    await new Promise((resolve) => source.close(resolve));
  }
});
