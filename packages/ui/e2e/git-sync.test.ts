/**
 * Git sync in Chromium against a real server: a user connects their project to a bare repository
 * on disk (`file://`, which the test server allows), sees the deploy key to add, pushes a flow
 * from its menu with a commit message, and the repository has the commit with the flow's files.
 */
import { projectStateFromFiles } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareRepository, type BareRepository } from '../../server/src/testing/features/git-sync-test-kit';
import { openSignedIn, signUpThroughApi } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let bare: BareRepository;

beforeAll(async () => {
  ui = await startUi({ env: { AP_GIT_SYNC_ALLOW_FILE_URLS: 'true' } });
  bare = bareRepository();
});
afterAll(async () => {
  bare?.remove();
  await ui?.close();
});

describe('git sync', () => {
  it('connects a repository and pushes a flow from its menu', async () => {
    const user = await signUpThroughApi(ui.url, 'Grace');
    await user.client.flows.create({ projectId: user.projectId, displayName: 'Sync me' });
    const { page } = ui;
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Git sync' }).click();
    await page.getByRole('heading', { name: 'Git sync', level: 1 }).waitFor();
    await page.getByText('Not connected to a git repository.').waitFor();

    const form = page.getByRole('form', { name: 'Git connection' });
    await form.getByLabel('Remote URL').fill(bare.url);
    await form.getByRole('textbox', { name: 'Branch', exact: true }).fill('main');
    await form.getByLabel('Folder name').fill('grace');
    await form.getByRole('button', { name: 'Connect' }).click();
    const key = page.getByLabel('Deploy key (public)');
    await key.or(form.getByRole('alert')).waitFor();
    expect(await form.getByRole('alert').count(), (await form.textContent()) ?? '').toBe(0);
    expect(await key.inputValue()).toMatch(/^ecdsa-sha2-nistp256 AAAA/);
    expect(await page.getByRole('button', { name: 'Copy Deploy key (public)' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('heading', { name: 'Git sync', level: 1 }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'git-sync');

    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Flows' }).click();
    await page.getByRole('button', { name: 'Actions of flow Sync me', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Push to Git' }).click();
    const dialog = page.getByRole('dialog', { name: 'Push to Git' });
    await dialog.getByLabel('Commit message').fill('Add the Sync me flow');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Push' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/Pushed “Sync me” to main/).waitFor();

    expect(bare.git(['log', '--format=%an|%s', 'main']).trim()).toBe('Grace Lovelace|Add the Sync me flow');
    const onBranch = projectStateFromFiles(bare.projectFiles('main', 'grace'));
    expect(onBranch.ok && onBranch.state.flows.map((flow) => flow.version.displayName)).toEqual(['Sync me']);
    expect(ui.console.errors).toEqual([]);
  });
});
