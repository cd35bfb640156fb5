/**
 * The Pieces page in Chromium, as the admin of the server's first platform: a piece installed by
 * name and version from an npm registry on loopback (fixture packages packed with `npm pack`) and
 * uninstalled again; a packed private piece uploaded; the server's refusal to uninstall a version
 * a published flow uses, naming the flow; the versions of a piece.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookTrigger } from '../../server/src/testing/features/flow-test-kit';
import { startLocalNpmRegistry, type LocalNpmRegistry } from '../../server/src/testing/local-npm-registry';
import { FIXTURE_PIECES_DIR } from '../../server/src/testing/test-pieces';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { startUi, type UiHarness } from './support/ui-harness';

const MENU = '@fixtures/piece-menu';
const ECHO = '@fixtures/piece-echo';
const run = promisify(execFile);
/** How long an npm install may take on a busy machine (the loopback registry answers at once). */
const INSTALL_TIMEOUT = 60_000;
const savedEnv = { ...process.env };
let registry: LocalNpmRegistry;
let workDir: string;
let ui: UiHarness;
let admin: SignedUpUser;

/** Packs fixture `folder` as `name@version` with `npm pack`; answers the `.tgz` file's path. */
async function packFixture(folder: string, name: string, version: string): Promise<string> {
  const source = join(workDir, `${folder}-${version}`);
  await cp(join(FIXTURE_PIECES_DIR, folder), source, { recursive: true });
  const manifest = JSON.parse(await readFile(join(source, 'package.json'), 'utf8')) as object;
  await writeFile(join(source, 'package.json'), JSON.stringify({ ...manifest, name, version }));
  const { stdout } = await run('npm', ['pack', source, '--pack-destination', workDir, '--json'], {
    cwd: workDir,
  });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  return join(workDir, filename);
}

/** The table row of the piece shown as `displayName`. */
const row = (displayName: string) =>
  ui.page.getByRole('row').filter({ has: ui.page.getByText(displayName, { exact: true }) });

beforeAll(async () => {
  registry = await startLocalNpmRegistry([
    { name: MENU, version: '1.0.0', folder: join(FIXTURE_PIECES_DIR, 'piece-menu') },
    { name: MENU, version: '1.1.0', folder: join(FIXTURE_PIECES_DIR, 'piece-menu') },
  ]);
  workDir = await mkdtemp(join(tmpdir(), 'piecework-ui-pieces-'));
  // The server's npm children inherit these: the loopback registry, a cache of this test's own.
  process.env['npm_config_registry'] = registry.url;
  process.env['npm_config_cache'] = join(workDir, 'npm-cache');
  process.env['npm_config_update_notifier'] = 'false';
  ui = await startUi();
  // The fixtures' logos are on example.com: a stand-in keeps the test offline.
  await ui.context.route('https://example.com/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  admin = await signUpThroughApi(ui.url);
}, 120_000);
afterAll(async () => {
  await ui?.close();
  await registry?.close();
  await rm(workDir, { recursive: true, force: true });
  process.env = savedEnv;
});

describe('the Pieces page', { timeout: 120_000 }, () => {
  it('installs a piece by name and version, then uninstalls it', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, '/platform/pieces');
    await page.getByRole('heading', { name: 'Pieces', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Install piece' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install a piece' });
    await dialog.getByLabel('Package name').fill(MENU);
    await dialog.getByLabel('Version').fill('1.0.0');
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByText(`Installed ${MENU} 1.0.0`).waitFor({ timeout: INSTALL_TIMEOUT });
    await dialog.waitFor({ state: 'detached' });
    await row('Menu').getByText('Installed', { exact: true }).waitFor();
    await expect.poll(() => row('Menu').getByRole('cell', { name: '1.0.0' }).count()).toBe(1);
    expect(await admin.client.pieces.listVersions({ name: MENU })).toEqual([{ version: '1.0.0' }]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row('Menu').getByRole('button', { name: 'Actions of piece Menu' }).click();
    await page.getByRole('menuitem', { name: 'Uninstall 1.0.0' }).click();
    const confirm = page.getByRole('dialog', { name: 'Uninstall Menu 1.0.0?' });
    await confirm.getByRole('button', { name: 'Uninstall' }).click();
    await page.getByText('Uninstalled Menu 1.0.0').waitFor();
    await row('Menu').waitFor({ state: 'detached' });
    expect((await admin.client.pieces.list()).map((piece) => piece.name)).not.toContain(MENU);
    expect(ui.console.errors).toEqual([]);
  });

  it('uploads a packed private piece', async () => {
    const { page } = ui;
    const archive = await packFixture('piece-echo', ECHO, '2.0.0');
    await openSignedIn(page, ui.url, admin, '/platform/pieces');
    await page.getByRole('button', { name: 'Upload piece' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a piece' });
    await dialog.getByLabel('Packed piece (.tgz)').setInputFiles(archive);
    // The version comes from the file's name.
    expect(await dialog.getByLabel('Version').inputValue()).toBe('2.0.0');
    await dialog.getByLabel('Package name').fill(ECHO);
    await dialog.getByRole('button', { name: 'Upload and install' }).click();
    await page.getByText(`Installed ${ECHO} 2.0.0`).waitFor({ timeout: INSTALL_TIMEOUT });
    await row('Echo').getByText('Installed', { exact: true }).waitFor();
    expect(await admin.client.pieces.get({ name: ECHO })).toMatchObject({ version: '2.0.0' });
    expect(ui.console.errors).toEqual([]);
  });

  it("shows the server's refusal to uninstall a version a published flow uses", async () => {
    const { page } = ui;
    await admin.client.pieces.install({ pieceName: MENU, pieceVersion: '1.1.0' });
    const { client, projectId } = admin;
    const flow = await client.flows.create({ projectId, displayName: 'Lunch orders' });
    await client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
    await client.flows.update(flow.id, {
      type: 'ADD_ACTION',
      request: {
        parentStep: 'trigger',
        action: {
          name: 'step_1',
          displayName: 'Order',
          type: 'PIECE',
          valid: true,
          settings: {
            pieceName: MENU,
            pieceVersion: '1.1.0',
            actionName: 'order',
            propertySettings: {},
            input: { auth: 'a key', course: 'Main', dish: 'Main soup' },
          },
        },
      },
    });
    await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
    await openSignedIn(page, ui.url, admin, '/platform/pieces');
    await row('Menu').getByRole('button', { name: 'Actions of piece Menu' }).click();
    await page.getByRole('menuitem', { name: 'Versions' }).click();
    const versions = page.getByRole('dialog', { name: 'Versions of Menu' });
    await versions.getByRole('button', { name: 'Uninstall 1.1.0' }).click();
    const confirm = page.getByRole('dialog', { name: 'Uninstall Menu 1.1.0?' });
    ui.console.allow(/status of 4\d\d/);
    await confirm.getByRole('button', { name: 'Uninstall' }).click();
    const refusal = confirm.getByRole('alert');
    await refusal.getByText(/used by published flows/).waitFor();
    expect(await refusal.innerText()).toContain('Lunch orders');
    expect(await admin.client.pieces.listVersions({ name: MENU })).toContainEqual({ version: '1.1.0' });
    expect(ui.console.errors).toEqual([]);
  });
});
