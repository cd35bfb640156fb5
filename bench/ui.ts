/**
 * bench/ui: what the web app costs a browser, measured in Debian's Chromium (playwright-core)
 * against the real server on loopback:
 * - JS and CSS shipped on first load (bytes on the wire, gzip as Chromium asks over http), cold
 *   cache, for the sign-in page, the flows page and the builder;
 * - time from navigation to an interactive builder (canvas drawn, main thread idle) for a 20-, a
 *   200- and a 300-step flow, beside a 1-step flow measured in the same run as the baseline;
 * - panning the 200- and 300-step canvases: mean time per pointer move while dragging (30 moves);
 * - dragging a step card (drop targets shown) on the 200- and 300-step flows, the same way,
 *   beside the 20-step flow.
 *
 * Needs the built web app (npm run build). Run: npm run bench:ui   (BENCH_ROUNDS=5 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { createServer } from '../packages/server/src/index';
import { launchChromium } from '../packages/ui/e2e/support/chromium';
import { createCodeStepFlow } from './code-step-flow';
import { signUpBenchUser } from './http-load';
import { printTable } from './support';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-ui-'));
// This checkout's build, not whichever `@piecework/ui` resolves to (another checkout's when a
// worktree shares node_modules).
const webApp = fileURLToPath(new URL('../packages/ui/dist/app', import.meta.url));
const server = await createServer({ env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'warn' }, webApp });
if (!server.servesWebApp) throw new Error('The web app is not built: run npm run build first');
const origin = await server.listen({ port: 0, host: '127.0.0.1' });
// The sign-up answer is the session the app keeps in localStorage (src/api/session-store.ts).
const session = (await signUpBenchUser(origin)) as { token: string; projectId: string } & Record<
  string,
  unknown
>;
const user = session;
const sessionScript = `localStorage.setItem('piecework.session', ${JSON.stringify(JSON.stringify(session))})`;

/** A flow of a webhook trigger and `steps` code steps in the bench user's project; answers its id. */
const flowOf = (steps: number) => createCodeStepFlow(origin, user.token, user.projectId, steps);

const flows = { 1: await flowOf(1), 20: await flowOf(20), 200: await flowOf(200), 300: await flowOf(300) };
const browser = await launchChromium();

/** A page of a fresh context (empty cache), signed in as the bench user unless `signedIn` is false. */
async function signedInPage(b: Browser, signedIn = true): Promise<Page> {
  const context = await b.newContext({ viewport: { width: 1280, height: 720 } });
  if (signedIn) await context.addInitScript(sessionScript);
  return context.newPage();
}

/** Bytes of JS and CSS on the wire while `path` loads in a fresh context (cold cache). */
async function firstLoad(
  path: string,
  signedIn: boolean,
): Promise<{ js: number; css: number; requests: number }> {
  const sizes: Promise<{ kind: 'js' | 'css'; bytes: number }>[] = [];
  const target = await signedInPage(browser, signedIn);
  target.on('requestfinished', (request) => {
    const url = request.url();
    const kind = url.endsWith('.js') ? 'js' : url.endsWith('.css') ? 'css' : undefined;
    if (kind !== undefined) sizes.push(request.sizes().then((s) => ({ kind, bytes: s.responseBodySize })));
  });
  // networkidle alone can come before the page's own chunk is asked for: wait for it to render.
  await target.goto(`${origin}${path}`);
  await target
    .locator('h1, [aria-label="Flow canvas"] .react-flow__node')
    .first()
    .waitFor({ state: 'visible' });
  await target.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  await target.context().close();
  return {
    js: all.filter((s) => s.kind === 'js').reduce((sum, s) => sum + s.bytes, 0),
    css: all.filter((s) => s.kind === 'css').reduce((sum, s) => sum + s.bytes, 0),
    requests: all.length,
  };
}

/** Milliseconds from navigation to the builder of `flowId` drawn and idle (two frames, a task). */
async function builderReady(page: Page, flowId: string): Promise<number> {
  const started = performance.now();
  await page.goto(`${origin}/projects/${user.projectId}/flows/${flowId}`);
  await page.locator('.react-flow__node').first().waitFor({ state: 'visible' });
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))',
  );
  return performance.now() - started;
}

/** Mean ms per pointer move while dragging the canvas 30 times (each move waits for a frame). */
async function panCost(page: Page): Promise<number> {
  const box = await page.locator('.react-flow__pane').boundingBox();
  if (box === null) throw new Error('no canvas pane');
  const x = box.x + box.width / 2;
  const y = box.y + 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const started = performance.now();
  for (let i = 1; i <= 30; i++) {
    await page.mouse.move(x + i * 4, y + i * 8);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => done(null)))');
  }
  const elapsed = performance.now() - started;
  await page.mouse.up();
  return elapsed / 30;
}

/**
 * Mean ms per pointer move while dragging the card of step_1 (30 moves, each waiting for a
 * frame; the drop targets are shown throughout); Escape then cancels the drag, so the flow stays.
 */
async function stepDragCost(page: Page): Promise<number> {
  const card = page
    .locator('.step-card-main')
    .filter({ has: page.locator('.step-card-name').getByText('step_1', { exact: true }) });
  const box = await card.boundingBox();
  if (box === null) throw new Error('no card of step_1');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 10, y + 10, { steps: 2 });
  await page.locator('.is-drop-target').first().waitFor();
  const started = performance.now();
  for (let i = 1; i <= 30; i++) {
    await page.mouse.move(x + 10 + i * 3, y + 10 + i * 6);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => done(null)))');
  }
  const elapsed = performance.now() - started;
  await page.keyboard.press('Escape');
  await page.mouse.up();
  return elapsed / 30;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  const loads = [
    ['sign-in page (signed out)', '/sign-in', false],
    ['flows page', `/projects/${user.projectId}/flows`, true],
    ['builder (20 steps)', `/projects/${user.projectId}/flows/${flows[20]}`, true],
  ] as const;
  const loadRows: string[][] = [];
  for (const [label, path, signedIn] of loads) {
    const load = await firstLoad(path, signedIn);
    loadRows.push([label, kb(load.js), kb(load.css), String(load.requests)]);
  }
  process.stdout.write('\nFirst load, cold cache (bytes on the wire, gzip):\n');
  printTable(['page', 'JS', 'CSS', 'JS+CSS files'], loadRows);

  const page = await signedInPage(browser);
  const timeRows: string[][] = [];
  for (const steps of [1, 20, 200, 300] as const) {
    await builderReady(page, flows[steps]); // warm the HTTP cache and the JIT once
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) times.push(await builderReady(page, flows[steps]));
    timeRows.push([
      steps === 1 ? '1 step (baseline)' : `${String(steps)} steps`,
      `${median(times).toFixed(0)} ms`,
      `${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)} ms`,
    ]);
  }
  process.stdout.write(`\nNavigation to an interactive builder (warm cache, ${String(rounds)} rounds):\n`);
  printTable(['flow', 'median', 'range'], timeRows);

  const pans: string[][] = [];
  for (const steps of [1, 200, 300] as const) {
    await builderReady(page, flows[steps]);
    pans.push([
      steps === 1 ? '1 step (baseline)' : `${String(steps)} steps`,
      `${(await panCost(page)).toFixed(1)} ms`,
    ]);
  }
  process.stdout.write('\nPanning the canvas (mean per pointer move + frame, 30 moves):\n');
  printTable(['flow', 'per move'], pans);

  const drags: string[][] = [];
  // A 1-step flow offers no place to drop its only step: 20 steps are the drag's baseline.
  for (const steps of [20, 200, 300] as const) {
    await builderReady(page, flows[steps]);
    const costs: number[] = [];
    for (let i = 0; i < rounds; i++) costs.push(await stepDragCost(page));
    drags.push([
      steps === 20 ? '20 steps (baseline)' : `${String(steps)} steps`,
      `${median(costs).toFixed(1)} ms`,
      `${(1000 / median(costs)).toFixed(0)} moves/s`,
    ]);
  }
  process.stdout.write(
    `\nDragging a step card (median of ${String(rounds)} drags, mean per move + frame):\n`,
  );
  printTable(['flow', 'per move', 'rate'], drags);
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
