import { createSandbox } from './create-sandbox';
import type { Sandbox, SandboxOptions } from './sandbox';

/** Defaults of test sandboxes: a 32 MB limit and no deadline. */
const TEST_OPTIONS: SandboxOptions = { memoryLimitBytes: 32 * 1024 * 1024, shouldInterrupt: () => false };

/**
 * Test helper: creates sandboxes with test defaults and disposes them all at once (call
 * `disposeAll` in `afterEach`/`afterAll`). Used by the sandbox's tests only.
 */
export class TestSandboxes {
  readonly #created: Sandbox[] = [];

  /** A new sandbox with the test defaults overridden by `options`. */
  async create(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
    const sandbox = await createSandbox({ ...TEST_OPTIONS, ...options });
    this.#created.push(sandbox);
    return sandbox;
  }

  /** Disposes every sandbox created so far (disposing twice is harmless). */
  disposeAll(): void {
    for (const sandbox of this.#created.splice(0)) sandbox.dispose();
  }
}

/** A code step source whose `code` returns `body` (an expression over `inputs`). */
export function codeReturning(body: string): string {
  return `export const code = async (inputs) => ${body};`;
}
