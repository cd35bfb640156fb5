import { bootstrapContext } from './bootstrap-context';
import { instantiateQuickJS } from './quickjs-instance';
import { QuickJSSandbox } from './quickjs-sandbox';
import type { SandboxLogLevel, SandboxOptions } from './sandbox';
import { resolveSandboxOptions } from './sandbox-options';
import { SandboxSignals } from './sandbox-signals';

/**
 * Creates the sandbox of one run: a QuickJS WebAssembly instance whose memory is capped at the
 * run's limit, with ONE runtime (memory limit, stack limit, interrupt handler polling
 * `options.shouldInterrupt`) and ONE hardened context, reused by every expression and code step
 * of the run. Dispose it when the run ends.
 *
 * Inside, there is only standard JavaScript (ES2023, `Date` and `Math.random` included) plus
 * `console`: no `process`, `require`, `fetch`, timers or any host object. Every intrinsic and
 * `globalThis` are frozen, so a step cannot change what a later step sees. Values cross the
 * boundary as JSON text only.
 *
 * @example
 * ```ts
 * const sandbox = await createSandbox({
 *   memoryLimitBytes: 128 * 1024 * 1024,
 *   shouldInterrupt: () => host.now() > deadline,
 * });
 * try {
 *   sandbox.evaluateExpression('items.map((x) => x * 2)', { items: [1, 2] }); // { ok: true, value: [2, 4] }
 *   await sandbox.runCode('export const code = async (inputs: { n: number }) => inputs.n + 1', { n: 1 });
 * } finally {
 *   sandbox.dispose();
 * }
 * ```
 *
 * @throws RangeError / TypeError for invalid options (see {@link resolveSandboxOptions}).
 */
export async function createSandbox(options: SandboxOptions): Promise<QuickJSSandbox> {
  const { memoryLimitBytes, stackLimitBytes, shouldInterrupt, onLog } = resolveSandboxOptions(options);
  const signals = new SandboxSignals();
  const instance = await instantiateQuickJS(memoryLimitBytes, (granted) => signals.recordGrowth(granted));
  const runtime = instance.module.newRuntime();
  try {
    runtime.setMemoryLimit(memoryLimitBytes);
    runtime.setMaxStackSize(stackLimitBytes);
    const context = runtime.newContext();
    const log = onLog && guardedLog(onLog, signals);
    const helpers = bootstrapContext(context, log);
    // Installed after the bootstrap, so that a deadline already passed cannot break the hardening.
    const interrupt = { current: shouldInterrupt };
    runtime.setInterruptHandler(() => signals.shouldStop(interrupt.current));
    return new QuickJSSandbox({
      runtime,
      context,
      helpers,
      signals,
      memoryLimitBytes,
      interrupt,
      memory: instance.memory,
    });
  } catch (error) {
    runtime.dispose();
    throw error;
  }
}

/** `onLog` wrapped so that its exceptions never reach user code: they interrupt it and are rethrown. */
function guardedLog(
  onLog: (level: SandboxLogLevel, line: string) => void,
  signals: SandboxSignals,
): (level: SandboxLogLevel, line: string) => void {
  return (level, line) => {
    if (signals.hostError) return;
    try {
      onLog(level, line);
    } catch (error) {
      signals.recordHostError(error);
    }
  };
}
