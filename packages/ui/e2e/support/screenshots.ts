/**
 * Screenshots of the main pages, written by the tests into `docs/ui/` (the images of
 * `docs/ui.md`), so the documentation always shows the app as the tests last saw it.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const docsImages = fileURLToPath(new URL('../../../../docs/ui/', import.meta.url));

/** Saves the visible part of `page` as `docs/ui/<name>.png`. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(docsImages, { recursive: true });
  await page.screenshot({ path: `${docsImages}${name}.png`, animations: 'disabled' });
}
