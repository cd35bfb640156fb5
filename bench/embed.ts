/**
 * bench/embed: what embedding costs, in Debian's Chromium (playwright-core) against the real
 * server on loopback, the host app of `examples/embed-host` on another site (localhost vs
 * 127.0.0.1):
 * - the SDK's script-tag bundle (`/sdk/piecework-embed.js`): raw, gzip and Brotli bytes;
 * - time from `configure()` to an interactive embedded builder (a 20-step flow drawn in the frame,
 *   the frame's main thread idle), warm cache, beside the same builder opened directly in a tab
 *   (navigation to interactive) measured in the same run as the baseline; and the same two with a
 *   cold cache (a fresh browser context each round).
 *
 * Needs the built web app (npm run build). Run: npm run bench:embed   (BENCH_ROUNDS=5 by default)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, Frame, Page } from 'playwright-core';
import { startEmbedHost } from '../examples/embed-host/host-server';
import { createServer } from '../packages/server/src/index';
import { launchChromium } from '../packages/ui/e2e/support/chromium';
import { createCodeStepFlow } from './code-step-flow';
import { callJson, signUpBenchUser } from './http-load';
import { printTable } from './support';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-embed-'));
const server = await createServer({ env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'warn' } });
if (!server.servesWebApp) throw new Error('The web app is not built: run npm run build first');
const origin = await server.listen({ port: 0, host: '127.0.0.1' });
const admin = await signUpBenchUser(origin);
const key = await callJson<{ id: string; privateKey: string }>(
  origin,
  'POST',
  '/v1/signing-keys',
  admin.token,
  {
    displayName: 'bench host',
  },
);
const host = await startEmbedHost({ pieceworkUrl: origin, signingKey: key });
await callJson(origin, 'POST', '/v1/embed-subdomain/allowed-embed-origins', admin.token, {
  allowedEmbedOrigins: [host.url],
});
// The host's user, signed in once through the API to make the flow in its project.
const { token: hostToken } = await callJson<{ token: string }>(
  host.url,
  'GET',
  '/piecework-token',
  undefined,
);
const embedded = await callJson<{ token: string; projectId: string } & Record<string, unknown>>(
  origin,
  'POST',
  '/v1/managed-authn/external-token',
  undefined,
  { externalAccessToken: hostToken },
);
const flowId = await createCodeStepFlow(origin, embedded.token, embedded.projectId, 20);
const sessionScript = `localStorage.setItem('piecework.session', ${JSON.stringify(JSON.stringify(embedded))})`;
const browser = await launchChromium();

const idle =
  'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))';

/** A page of a fresh context (empty cache); `signedIn` stores the session for the direct app. */
async function freshPage(b: Browser, signedIn: boolean): Promise<Page> {
  const context = await b.newContext({ viewport: { width: 1280, height: 720 } });
  if (signedIn) await context.addInitScript(sessionScript);
  return context.newPage();
}

/** Milliseconds from navigation to the builder drawn and idle, opened directly. */
async function directBuilder(page: Page): Promise<number> {
  const started = performance.now();
  await page.goto(`${origin}/projects/${embedded.projectId}/flows/${flowId}`);
  await page.locator('.react-flow__node').first().waitFor({ state: 'visible' });
  await page.evaluate(idle);
  return performance.now() - started;
}

/**
 * Milliseconds from `configure()` (the host page already loaded, the SDK's script with it) to
 * the builder drawn and idle in the frame.
 */
async function embeddedBuilder(page: Page): Promise<number> {
  await page.goto(`${host.url}/?manual`);
  await page.waitForFunction('typeof window.piecework === "object" && typeof window.host === "object"');
  const started = performance.now();
  void page.evaluate(`host.start({ embedding: { initialRoute: '/flows/${flowId}' } })`);
  let frame: Frame | undefined;
  while (frame === undefined) {
    frame = page.frames().find((each) => each.url().startsWith(`${origin}/embed?`));
    if (frame === undefined) await page.waitForTimeout(1);
  }
  await page.frameLocator('#piecework-container iframe').locator('.react-flow__node').first().waitFor();
  await frame.evaluate(idle);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  const sdk = readFileSync(join('packages/ui/dist/app/sdk/piecework-embed.js'));
  process.stdout.write('\nThe SDK script (/sdk/piecework-embed.js):\n');
  printTable(
    ['raw', 'gzip', 'brotli'],
    [[kb(sdk.length), kb(gzipSync(sdk, { level: 9 }).length), kb(brotliCompressSync(sdk).length)]],
  );

  const warmRows: string[][] = [];
  const direct = await freshPage(browser, true);
  const host1 = await freshPage(browser, false);
  await directBuilder(direct); // warm the HTTP cache and the JIT once
  await embeddedBuilder(host1);
  const directTimes: number[] = [];
  const embeddedTimes: number[] = [];
  for (let i = 0; i < rounds; i++) {
    directTimes.push(await directBuilder(direct));
    embeddedTimes.push(await embeddedBuilder(host1));
  }
  const row = (label: string, times: number[]) => [
    label,
    `${median(times).toFixed(0)} ms`,
    `${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)} ms`,
  ];
  warmRows.push(
    row('opened directly (baseline)', directTimes),
    row('embedded: configure() -> builder', embeddedTimes),
  );
  process.stdout.write(`\nTo an interactive 20-step builder, warm cache (${String(rounds)} rounds):\n`);
  printTable(['how', 'median', 'range'], warmRows);

  const coldDirect: number[] = [];
  const coldEmbedded: number[] = [];
  for (let i = 0; i < Math.min(rounds, 3); i++) {
    const a = await freshPage(browser, true);
    coldDirect.push(await directBuilder(a));
    await a.context().close();
    const b = await freshPage(browser, false);
    coldEmbedded.push(await embeddedBuilder(b));
    await b.context().close();
  }
  process.stdout.write(
    `\nThe same, cold cache (a fresh context each, ${String(Math.min(rounds, 3))} rounds):\n`,
  );
  printTable(
    ['how', 'median', 'range'],
    [row('opened directly (baseline)', coldDirect), row('embedded: configure() -> builder', coldEmbedded)],
  );
} finally {
  await browser.close();
  await host.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
