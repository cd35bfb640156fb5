/**
 * The catalogue in the builder, in Chromium: a piece synced from a pieces API on loopback but not
 * installed is offered by the piece picker with its logo, its category and "Installs on first
 * use"; the search finds it despite a typo; a logo that does not load falls back to the piece
 * icon; adding one of its actions installs it from a loopback npm registry ("Installing Menu…"
 * meanwhile) and the step's properties render. A piece the server cannot run (listed unavailable
 * by the catalogue file it started with) is greyed with the reason and offers no step. "Sync
 * now" on the Pieces page lists a piece the source has begun to offer.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PieceMetadata } from '@piecework/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookTrigger } from '../../server/src/testing/features/flow-test-kit';
import { startLocalNpmRegistry, type LocalNpmRegistry } from '../../server/src/testing/local-npm-registry';
import { FIXTURE_PIECES_DIR, placeFixturePiece } from '../../server/src/testing/test-pieces';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { startCatalogueSource, type CatalogueSource } from './support/catalogue-source';
import { startUi, type UiHarness } from './support/ui-harness';

const MENU = '@fixtures/piece-menu';
const JSON_LOGO = 'https://cdn.activepieces.com/pieces/json.png';
const MENU_LOGO = 'https://example.com/menu.svg';
const RETIRED_REASON = 'It needs a newer Piecework release';
const savedEnv = { ...process.env };
let registry: LocalNpmRegistry;
let source: CatalogueSource;
let npmCache: string;
let ui: UiHarness;
let admin: SignedUpUser;
/** Menu's metadata as the pieces API lists it. */
let menuMetadata: PieceMetadata;

beforeAll(async () => {
  registry = await startLocalNpmRegistry([
    { name: MENU, version: '1.1.0', folder: join(FIXTURE_PIECES_DIR, 'piece-menu') },
  ]);
  npmCache = await mkdtemp(join(tmpdir(), 'piecework-ui-npm-cache-'));
  process.env['npm_config_registry'] = registry.url;
  process.env['npm_config_cache'] = npmCache;
  process.env['npm_config_update_notifier'] = 'false';
  source = await startCatalogueSource();
  const snapshot = join(npmCache, 'catalogue.json');
  await writeFile(
    snapshot,
    JSON.stringify({
      pieces: [],
      unavailable: [
        { name: '@fixtures/piece-retired', version: '1.0.0', reason: RETIRED_REASON, displayName: 'Retired' },
      ],
    }),
  );
  ui = await startUi({
    catalogueSnapshot: snapshot,
    env: {
      AP_PIECES_SYNC_MODE: 'OFFICIAL_AUTO',
      AP_PIECES_SYNC_URL: source.apiUrl,
      AP_SSRF_ALLOW_LIST: '127.0.0.1',
    },
  });
  // Menu's logo is on example.com: a stand-in keeps the test offline.
  await ui.context.route(MENU_LOGO, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#d6633f"/></svg>',
    }),
  );
  admin = await signUpThroughApi(ui.url);
  // Menu's metadata as a pieces API answers it: read from this server with the fixture in place,
  // which is then removed, so that the server knows Menu only from the catalogue.
  await placeFixturePiece(ui.server.server.context.settings.piecesDir, 'piece-menu', '1.1.0');
  const { installState: _installed, ...metadata } = await admin.client.pieces.get({ name: MENU });
  menuMetadata = metadata;
  await admin.client.pieces.delete({ name: MENU }, { version: '1.1.0' });
  source.offer([metadata]);
  await admin.client.pieces.sync();
}, 120_000);
afterAll(async () => {
  await ui?.close();
  await source?.close();
  await registry?.close();
  await rm(npmCache, { recursive: true, force: true });
  process.env = savedEnv;
});

/** Opens the builder of a new webhook flow and its piece picker for a step after the trigger. */
async function openPicker(page: Page, name: string): Promise<{ picker: Locator; flowId: string }> {
  const flow = await admin.client.flows.create({ projectId: admin.projectId, displayName: name });
  await admin.client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/flows/${flow.id}`);
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.getByRole('button', { name: 'Add a step after trigger' }).click();
  return { picker: page.getByRole('dialog', { name: 'Add a step' }), flowId: flow.id };
}

/** Whether the image `img` has loaded (it has pixels). */
const loaded = (img: Locator) =>
  img.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth > 0);

it('offers a catalogue piece with its logo, category and install mark, found despite a typo', async () => {
  expect((await admin.client.pieces.list()).find((piece) => piece.name === MENU)).toMatchObject({
    installState: 'INSTALL_ON_USE',
  });
  const { page } = ui;
  const { picker } = await openPicker(page, 'Catalogue picker');
  const chips = picker.getByRole('group', { name: 'Categories' });
  for (const chip of ['All pieces', 'Core pieces', 'AI pieces', 'Productivity pieces']) {
    await chips.getByRole('button', { name: chip }).waitFor();
  }
  await chips.getByRole('button', { name: 'Productivity pieces' }).click();
  const menu = picker.getByRole('button', { name: 'Menu Installs on first use' });
  await menu.waitFor();
  await expect.poll(() => loaded(menu.locator('img'))).toBe(true);
  // Built-in pieces' logos too (served by the harness's stand-in of their CDN).
  await chips.getByRole('button', { name: 'All pieces' }).click();
  await expect
    .poll(() => loaded(picker.getByRole('button', { name: 'HTTP', exact: true }).locator('img')))
    .toBe(true);

  await picker.getByLabel('Search pieces').fill('mnu');
  await expect
    .poll(() => picker.locator('.picker-pieces .picker-item-title').first().innerText())
    .toBe('Menu');
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(ui.console.errors).toEqual([]);
});

it("shows the piece's monogram in place of a logo that does not load", async () => {
  const { page } = ui;
  await ui.context.route(JSON_LOGO, (route) => route.abort());
  ui.console.allow(/Failed to load resource/);
  try {
    const { picker } = await openPicker(page, 'Broken logo');
    await picker.getByLabel('Search pieces').fill('json');
    const json = picker.getByRole('button', { name: 'Json', exact: true });
    await expect.poll(() => json.locator('.piece-monogram').innerText()).toBe('J');
    expect(await json.locator('img').count()).toBe(0);
    expect(ui.console.errors).toEqual([]);
  } finally {
    await ui.context.unroute(JSON_LOGO);
  }
});

it(
  "installs a catalogue piece when one of its actions is added, then renders the step's properties",
  {
    timeout: 120_000,
  },
  async ({ annotate }) => {
    const { page } = ui;
    const { picker, flowId } = await openPicker(page, 'Install on use');
    await picker.getByLabel('Search pieces').fill('menu');
    await picker.getByRole('button', { name: 'Menu Installs on first use' }).click();
    const actions = picker.getByRole('region', { name: 'Actions of Menu' });
    await actions.getByText('adding one of these steps installs Menu 1.1.0').waitFor();
    const release = registry.holdTarballs();
    const clicked = Date.now();
    await actions.getByRole('button', { name: /^Order a dish/ }).click();
    // While npm fetches the package the picker says so, instead of failing or looking idle.
    await picker.getByText('Installing Menu…').waitFor();
    release();
    // npm installs the package before the server answers: a minute at most on a busy machine.
    await picker.waitFor({ state: 'detached', timeout: 60_000 });
    const panel = page.getByRole('complementary', { name: /^Settings of/ });
    await panel.getByLabel('Course').waitFor();
    await annotate(`add step -> properties shown: ${String(Date.now() - clicked)} ms (npm install included)`);

    const flow = await admin.client.flows.get(flowId);
    expect(flow.version.trigger.nextAction).toMatchObject({
      type: 'PIECE',
      settings: { pieceName: MENU, pieceVersion: '1.1.0', actionName: 'order' },
    });
    expect((await admin.client.pieces.list()).find((piece) => piece.name === MENU)).toMatchObject({
      installState: 'INSTALLED',
    });
    // Its logo on the canvas card and in the panel's header.
    await expect.poll(() => loaded(panel.locator('img[alt="Menu logo"]'))).toBe(true);
    await expect.poll(() => loaded(page.locator(`.react-flow img[src="${MENU_LOGO}"]`))).toBe(true);
    expect(ui.console.errors).toEqual([]);
  },
);

it('greys a piece this server cannot run, with its reason, and offers none of its steps', async () => {
  // The file's pieces are added once the server listens.
  await expect
    .poll(async () => (await admin.client.pieces.list()).some((piece) => piece.displayName === 'Retired'))
    .toBe(true);
  const { page } = ui;
  const { picker } = await openPicker(page, 'Unavailable piece');
  await picker.getByLabel('Search pieces').fill('retired');
  const retired = picker.getByRole('button', { name: `Retired Unavailable: ${RETIRED_REASON}` });
  expect(await retired.getAttribute('aria-disabled')).toBe('true');
  await retired.focus();
  const steps = picker.getByRole('region', { name: 'Actions of Retired' });
  await steps.getByText(`Retired cannot be used on this server: ${RETIRED_REASON}`).waitFor();
  expect(await steps.getByRole('button').count()).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(ui.console.errors).toEqual([]);
});

it('syncs the catalogue from the Pieces page', async () => {
  source.offer([{ ...menuMetadata, name: '@fixtures/piece-lunch', displayName: 'Lunch' }]);
  const { page } = ui;
  await openSignedIn(page, ui.url, admin, '/platform/pieces');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await page.getByText('Synced the catalogue: 1 added, 0 removed').waitFor();
  const lunch = page.getByRole('row').filter({ has: page.getByText('Lunch', { exact: true }) });
  await lunch.getByText('Installs on first use').waitFor();
  expect(ui.console.errors).toEqual([]);
});
