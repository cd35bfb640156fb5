/**
 * What a browser test of the web app starts with: a real server on loopback serving the built
 * app (SQLite, the test edition), headless Chromium, and a page at 1280x720 whose console errors
 * are collected. `close()` stops all of it.
 *
 * @example
 * ```ts
 * const ui = await startUi();
 * await ui.page.goto(`${ui.url}/sign-up`);
 * ...
 * expect(ui.console.errors).toEqual([]);
 * await ui.close();
 * ```
 */
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../../server/src/testing/test-server';
import { launchChromium } from './chromium';
import { collectConsoleErrors, type ConsoleErrors } from './console-errors';

const STAND_IN_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#7a6fd0"/></svg>';

/**
 * The web app global setup built from these sources: what test servers serve (not whichever
 * `@piecework/ui` resolves to, another checkout's when node_modules is shared).
 */
export const BUILT_WEB_APP = fileURLToPath(new URL('../../dist/app', import.meta.url));

/** A running server, browser and page. */
export interface UiHarness {
  readonly server: TestServer;
  /** The server's base URL (the app is at `/`, the API at `/api`). */
  readonly url: string;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly console: ConsoleErrors;
  /** A new page in the same browser context (same session), its errors collected in `console`. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Options of {@link startUi}. */
export interface UiHarnessOptions {
  /** `AP_*` settings of the server beyond the test defaults. */
  env?: Record<string, string>;
  viewport?: { width: number; height: number };
  /**
   * Listen on this loopback port (default a free one the system picks); give it with
   * `AP_FRONTEND_URL` naming it when the server must know its own address (OAuth redirects).
   */
  port?: number;
  /** A catalogue file whose pieces the server lists (see `startTestServer`). Default none. */
  catalogueSnapshot?: string;
  /** The server's wall clock in microseconds (a test moves it forward). Default the system's. */
  wallClockMicros?: () => number;
}

/** Starts a server with the web app, Chromium and one page. */
export async function startUi(options: UiHarnessOptions = {}): Promise<UiHarness> {
  const server = await startTestServer(options.env ?? {}, {
    webApp: BUILT_WEB_APP,
    runs: { prestart: true },
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.catalogueSnapshot === undefined ? {} : { catalogueSnapshot: options.catalogueSnapshot }),
    ...(options.wallClockMicros === undefined ? {} : { wallClockMicros: options.wallClockMicros }),
  });
  const browser = await launchChromium().catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 720 } });
  context.setDefaultTimeout(15_000);
  // The built-in pieces' logos are on Activepieces' CDN, out of reach of a test machine: a
  // stand-in image keeps their failed loads out of the console.
  await context.route('https://cdn.activepieces.com/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: STAND_IN_LOGO }),
  );
  const page = await context.newPage();
  const console = collectConsoleErrors(page);
  return {
    server,
    url: server.url,
    browser,
    context,
    page,
    console,
    async newPage() {
      const next = await context.newPage();
      const more = collectConsoleErrors(next);
      next.on('close', () => console.errors.push(...more.errors));
      return next;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
