import { createSandbox } from './create-sandbox';
import type { QuickJSSandbox } from './quickjs-sandbox';
import type { Sandbox, SandboxLimits, SandboxOptions } from './sandbox';

/** Idle sandboxes kept warm per memory limit (each holds its own WebAssembly memory). */
const MAX_IDLE_PER_LIMIT = 2;
/** A sandbox whose memory grew past this is dropped rather than kept warm. */
const MAX_RETAINED_MEMORY_BYTES = 48 * 1024 * 1024;

const idle = new Map<string, QuickJSSandbox[]>();

/**
 * A sandbox for one run, from a small pool of warm ones: making a QuickJS instance and
 * hardening its context costs ~15 ms, reusing one costs nothing. Reuse is safe because a run
 * cannot leave anything behind — every global and intrinsic of the context is frozen, values
 * cross only as JSON text — and a sandbox that hit a limit, crashed, or grew its memory is never
 * reused. `dispose()` of the returned sandbox hands it back to the pool.
 *
 * Sandboxes with an `onLog` sink are made fresh (their console is wired at creation).
 */
export async function acquireSandbox(options: SandboxOptions): Promise<Sandbox> {
  if (options.onLog) return createSandbox(options);
  const key = poolKey(options);
  const warm = idle.get(key)?.pop();
  const sandbox = warm ?? (await createSandbox(options));
  if (warm) sandbox.rebind(options.shouldInterrupt);
  return pooled(sandbox, key);
}

/** Drops every idle sandbox (tests; a worker thread about to exit). */
export function drainSandboxPool(): void {
  for (const sandboxes of idle.values()) for (const sandbox of sandboxes) sandbox.dispose();
  idle.clear();
}

/**
 * How many idle sandboxes the pool keeps with `limits`: tests use it to see that a
 * warm sandbox is there, and that a run took it and handed it back rather than making another.
 */
export function idleSandboxCount(limits: SandboxLimits): number {
  return idle.get(poolKey(limits))?.length ?? 0;
}

function poolKey(options: SandboxLimits): string {
  return `${options.memoryLimitBytes}:${options.stackLimitBytes ?? 'default'}`;
}

function pooled(sandbox: QuickJSSandbox, key: string): Sandbox {
  let released = false;
  return {
    evaluateExpression: (expression, scope) => sandbox.evaluateExpression(expression, scope),
    runCode: (source, inputs, options) => sandbox.runCode(source, inputs, options),
    dispose() {
      if (released) return;
      released = true;
      const sandboxes = idle.get(key) ?? [];
      if (sandboxes.length < MAX_IDLE_PER_LIMIT && sandbox.isReusable(MAX_RETAINED_MEMORY_BYTES)) {
        sandbox.rebind(() => false);
        sandboxes.push(sandbox);
        idle.set(key, sandboxes);
      } else {
        sandbox.dispose();
      }
    },
  };
}
