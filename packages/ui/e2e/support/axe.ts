/**
 * Runs axe-core (the accessibility engine) in a page and answers the violations of impact
 * "serious" or "critical", each as one readable line, so a test can expect none.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/**
 * The serious and critical violations on `page` (or in a frame: the embedded app) now, e.g.
 * `color-contrast: ... at .btn`.
 */
export async function seriousAxeViolations(page: Page | Frame): Promise<string[]> {
  // Evaluated over the DevTools protocol: the app's CSP (scripts from its origin only) stays on.
  await page.evaluate(axeSource);
  const result = await page.evaluate("axe.run(document, { resultTypes: ['violations'] })");
  return (result as AxeResult).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
}
