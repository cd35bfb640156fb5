/**
 * Any stray console output fails the test that produced it: tests must assert what they
 * expect, and library code must log through the sinks it is given.
 */
import { afterEach, beforeEach, vi } from 'vitest';

const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;

beforeEach(() => {
  for (const method of methods) {
    vi.spyOn(console, method);
  }
});

afterEach(() => {
  const calls = methods.flatMap((method) =>
    vi.mocked(console[method]).mock.calls.map((args) => `console.${method}: ${args.map(String).join(' ')}`),
  );
  vi.restoreAllMocks();
  if (calls.length > 0) {
    throw new Error(`Unexpected console output:\n${calls.join('\n')}`);
  }
});
