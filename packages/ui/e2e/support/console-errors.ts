/**
 * Collects what a page logs as an error (console errors, uncaught exceptions, failed requests to
 * the app's own origin) so a test can assert there were none. Known, intended answers (a 401 of a
 * wrong password, a 409 conflict...) are allowed by the test with `allow`.
 */
import type { Page } from 'playwright-core';

/** The errors seen on a page so far. */
export interface ConsoleErrors {
  readonly errors: string[];
  /** Ignores future errors matching `pattern` (e.g. the console line of an intended 401). */
  allow(pattern: RegExp): void;
}

/** Starts collecting the errors of `page`. */
export function collectConsoleErrors(page: Page): ConsoleErrors {
  const errors: string[] = [];
  const allowed: RegExp[] = [];
  const add = (text: string) => {
    if (!allowed.some((pattern) => pattern.test(text))) errors.push(text);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') add(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => add(`uncaught: ${error.message}`));
  return { errors, allow: (pattern) => allowed.push(pattern) };
}
