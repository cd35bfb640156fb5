/**
 * The flows page in Chromium: search and pages, folders, new / rename / move / duplicate /
 * delete, the status switch, export and import (this app's export, an Activepieces export, bad
 * files), and the page at 400 px wide. Data is set up through the API and every change made in
 * the page is checked through the API.
 */
import { readFileSync } from 'node:fs';
import { isApiError } from '@piecework/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { pickOption } from './support/combobox';
import { code, createWebhookFlow } from './support/flow-fixtures';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let page: Page;
beforeAll(async () => {
  ui = await startUi();
  page = ui.page;
});
afterAll(() => ui?.close());

/** A new user on the flows page (each test its own platform and project). */
async function openFlows(setUp: (user: SignedUpUser) => Promise<unknown> = async () => undefined) {
  const user = await signUpThroughApi(ui.url);
  await setUp(user);
  await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows`);
  await page.getByRole('heading', { name: 'Flows', level: 1 }).waitFor();
  return user;
}

async function flowNames(user: SignedUpUser): Promise<string[]> {
  const { data } = await user.client.flows.list({ projectId: user.projectId, limit: 100 });
  return data.map((flow) => flow.version.displayName).sort();
}

async function rowAction(flowName: string, action: string) {
  await page.getByRole('button', { name: `Actions of flow ${flowName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

function flowRows() {
  return page.locator('table.flows-table tbody tr');
}

/** The step names of a flow's latest version, in chain order (router children after the router). */
function stepNames(flow: { version: { trigger: unknown } }): string[] {
  const names: string[] = [];
  const walk = (step: unknown) => {
    for (let at = step as Record<string, unknown> | null | undefined; at;) {
      names.push(at['name'] as string);
      walk(at['firstLoopAction']);
      for (const child of (at['children'] as unknown[] | undefined) ?? []) walk(child);
      at = at['nextAction'] as Record<string, unknown> | null | undefined;
    }
  };
  walk(flow.version.trigger);
  return names;
}

describe('the flows page', () => {
  it('narrows the list by name and pages through it by cursor', async () => {
    await openFlows(async (user) => {
      for (let i = 1; i <= 9; i++)
        await user.client.flows.create({ projectId: user.projectId, displayName: `Sync ${String(i)}` });
      for (const name of ['Invoice reminder', 'Invoice archive', 'Weekly invoice digest']) {
        await user.client.flows.create({ projectId: user.projectId, displayName: name });
      }
    });
    await expect.poll(() => flowRows().count()).toBe(10);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => flowRows().count()).toBe(2);
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect.poll(() => flowRows().count()).toBe(10);

    await page.getByLabel('Search flows by name').fill('invoice');
    await expect
      .poll(async () => (await page.locator('td.flow-name').allTextContents()).sort())
      .toEqual(['Invoice archive', 'Invoice reminder', 'Weekly invoice digest']);
    expect(new URL(page.url()).searchParams.get('name')).toBe('invoice');
    await page.getByLabel('Search flows by name').fill('no such flow');
    await page.getByText('No flow’s name contains “no such flow”.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });

  it('creates, renames and deletes folders and moves flows into them', async () => {
    const user = await openFlows((user) => createWebhookFlow(user, 'Lead intake'));
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill('Marketing');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: 'Marketing 0 flows' }).waitFor();
    const [folder] = (await user.client.folders.list({ projectId: user.projectId })).data;
    expect(folder?.displayName).toBe('Marketing');

    // A second folder with the same name (ignoring case) is refused with the server's message.
    ui.console.allow(/409/);
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill('marketing');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await rowAction('Lead intake', 'Move to folder');
    await pickOption(page.getByLabel('Folder', { exact: true }), 'Marketing');
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    const [flow] = (await user.client.flows.list({ projectId: user.projectId })).data;
    await expect.poll(async () => (await user.client.flows.get(flow!.id)).folderId).toBe(folder!.id);
    await page.getByRole('link', { name: 'Marketing 1 flow' }).click();
    await expect.poll(() => page.locator('td.flow-name').allTextContents()).toEqual(['Lead intake']);
    await page.getByRole('link', { name: 'Uncategorized 0 flows' }).click();
    await page.getByText('No flows here yet.').waitFor();

    await page.getByRole('button', { name: 'Actions of folder Marketing' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Folder name').fill('Growth');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('link', { name: 'Growth 1 flow' }).waitFor();
    expect((await user.client.folders.get(folder!.id)).displayName).toBe('Growth');

    await page.getByRole('link', { name: 'Growth 1 flow' }).click();
    await page.getByRole('button', { name: 'Actions of folder Growth' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('link', { name: 'Uncategorized 1 flow' }).waitFor();
    expect((await user.client.folders.list({ projectId: user.projectId })).data).toEqual([]);
    expect((await user.client.flows.get(flow!.id)).folderId).toBeNull();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });

  it('creates a flow in the shown folder, then renames, duplicates and deletes it', async () => {
    let folderId = '';
    const user = await openFlows(async (user) => {
      folderId = (await user.client.folders.create({ projectId: user.projectId, displayName: 'Ops' })).id;
    });
    await page.getByRole('link', { name: /^Ops/ }).click();
    await page.getByRole('button', { name: 'New flow' }).click();
    await page.waitForURL(new RegExp(`/projects/${user.projectId}/flows/[0-9a-zA-Z]{21}$`));
    const newId = page.url().split('/').pop()!;
    const created = await user.client.flows.get(newId);
    expect({ name: created.version.displayName, folderId: created.folderId }).toEqual({
      name: 'Untitled',
      folderId,
    });

    // Give it steps through the API, so the duplicate has something to copy.
    await user.client.flows.update(newId, {
      type: 'ADD_ACTION',
      request: { parentStep: 'trigger', action: code('step_1', 'return 1;') },
    });
    await page.goto(`${ui.url}/projects/${user.projectId}/flows?folder=${folderId}`);
    await rowAction('Untitled', 'Rename');
    await page.getByLabel('Flow name').fill('Nightly cleanup');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect
      .poll(async () => (await user.client.flows.get(newId)).version.displayName)
      .toBe('Nightly cleanup');

    await rowAction('Nightly cleanup', 'Duplicate');
    await page.getByText('Duplicated as “Nightly cleanup (copy)”').waitFor();
    expect(await flowNames(user)).toEqual(['Nightly cleanup', 'Nightly cleanup (copy)']);
    const copy = (await user.client.flows.list({ projectId: user.projectId, name: '(copy)' })).data[0]!;
    expect(copy.id).not.toBe(newId);
    expect(copy.folderId).toBe(folderId);
    expect(stepNames(copy)).toEqual(['trigger', 'step_1']);
    await page.getByRole('link', { name: 'Nightly cleanup (copy)' }).waitFor();

    await rowAction('Nightly cleanup', 'Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => flowNames(user)).toEqual(['Nightly cleanup (copy)']);
    const gone = await user.client.flows.get(newId).catch((error: unknown) => error);
    expect(isApiError(gone, 'ENTITY_NOT_FOUND')).toBe(true);
    await expect
      .poll(() => page.locator('td.flow-name').allTextContents())
      .toEqual(['Nightly cleanup (copy)']);
    expect(ui.console.errors).toEqual([]);
  });

  it('turns a published flow off and on, and says why a draft cannot be turned on', async () => {
    let flowId = '';
    const user = await openFlows(async (user) => {
      await createWebhookFlow(user, 'Draft only');
      flowId = (await createWebhookFlow(user, 'Order sync', { publish: true })).id;
      const folder = await user.client.folders.create({ projectId: user.projectId, displayName: 'Sales' });
      await createWebhookFlow(user, 'Lead scoring', { folderId: folder.id });
    });
    const toggle = page.getByRole('switch', { name: 'Enabled: Order sync' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await saveScreenshot(page, 'flows');
    await toggle.click();
    await expect.poll(async () => (await user.client.flows.get(flowId)).status).toBe('DISABLED');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.click();
    await expect.poll(async () => (await user.client.flows.get(flowId)).status).toBe('ENABLED');

    const draft = page.getByRole('switch', { name: 'Enabled: Draft only' });
    expect(await draft.isDisabled()).toBe(true);
    const hint = await draft.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hint!}"]`).textContent()).toBe('Publish to enable');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });

  it('exports a flow as JSON that imports back, imports an Activepieces export, and refuses bad files', async () => {
    const user = await openFlows((user) =>
      createWebhookFlow(user, 'Welcome / onboarding', {
        steps: [code('step_1', 'return 1;'), code('step_2', 'return 2;')],
      }),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rowAction('Welcome / onboarding', 'Export'),
    ]);
    expect(download.suggestedFilename()).toBe('Welcome - onboarding.json');
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(JSON.parse(exported)).toMatchObject({
      name: 'Welcome / onboarding',
      flows: [{ displayName: 'Welcome / onboarding' }],
    });

    const importFile = async (name: string, text: string) => {
      await page.getByRole('button', { name: 'Import flow' }).click();
      await page
        .getByLabel('Flow file (JSON)')
        .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
      await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
    };

    await importFile('welcome.json', exported);
    await page.getByText('Imported “Welcome / onboarding”').waitFor();
    expect(await flowNames(user)).toEqual(['Welcome / onboarding', 'Welcome / onboarding']);
    const flows = (await user.client.flows.list({ projectId: user.projectId })).data;
    expect(flows.map(stepNames)).toEqual([
      ['trigger', 'step_1', 'step_2'],
      ['trigger', 'step_1', 'step_2'],
    ]);

    const fixture = new URL(
      '../../shared/src/flows/import/fixtures/ap-skill-webhook-router-http-populated.json',
      import.meta.url,
    );
    await importFile('activepieces.json', readFileSync(fixture, 'utf8'));
    await page.getByText('Imported “Inbound Sales - on call hung up”').waitFor();
    const activepieces = (await user.client.flows.list({ projectId: user.projectId, name: 'Inbound Sales' }))
      .data[0]!;
    expect(stepNames(activepieces)).toEqual(['trigger', 'step_1', 'step_2']);
    expect(activepieces.version.trigger.settings).toMatchObject({ pieceName: '@activepieces/piece-webhook' });
    await page.getByRole('link', { name: 'Inbound Sales - on call hung up' }).waitFor();

    const before = await flowNames(user);
    const refused = async (name: string, text: string, message: RegExp) => {
      await importFile(name, text);
      const alert = page.getByRole('dialog').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(message);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await flowNames(user)).toEqual(before);
    };
    await refused('broken.json', '{"displayName": ', /The file is not JSON/);
    await refused('other.json', '{"hello": "world"}', /cannot be imported/);
    // Parses as an export, but the server refuses it (two steps with one name): the flow created
    // for it is deleted again.
    ui.console.allow(/400/);
    const twice = JSON.parse(exported) as {
      flows: { trigger: { nextAction: { nextAction: { name: string } } } }[];
    };
    twice.flows[0]!.trigger.nextAction.nextAction.name = 'step_1';
    await refused('twice.json', JSON.stringify(twice), /two steps named 'step_1'/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });

  it('works 400 px wide', async () => {
    await page.setViewportSize({ width: 400, height: 720 });
    try {
      await openFlows(async (user) => {
        await createWebhookFlow(user, 'A flow with a rather long name for a narrow screen', {
          publish: true,
        });
        await user.client.folders.create({ projectId: user.projectId, displayName: 'Support' });
      });
      await page.getByRole('link', { name: 'A flow with a rather long name for a narrow screen' }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(400);
      for (const name of ['New flow', 'Import flow', 'New folder']) {
        expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
      }
      await page.getByRole('button', { name: /^Actions of flow/ }).click();
      const menu = page.getByRole('menu');
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(400);
      await page.keyboard.press('Escape');
      expect(await page.getByRole('switch').isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Support 0 flows' }).click();
      await page.getByText('No flows here yet.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(ui.console.errors).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});
