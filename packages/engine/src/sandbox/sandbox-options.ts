import type { SandboxOptions } from './sandbox';

/** Default {@link SandboxOptions.stackLimitBytes}: 192 KiB. */
export const DEFAULT_STACK_LIMIT_BYTES = 192 * 1024;

/** {@link SandboxOptions} with every default filled in. */
export type ResolvedSandboxOptions = Required<Omit<SandboxOptions, 'onLog'>> & Pick<SandboxOptions, 'onLog'>;

/**
 * Checks the options and fills in defaults.
 *
 * @throws RangeError when a limit is not a positive finite number; TypeError when
 * `shouldInterrupt` is not a function (misuse).
 */
export function resolveSandboxOptions(options: SandboxOptions): ResolvedSandboxOptions {
  const { memoryLimitBytes, stackLimitBytes = DEFAULT_STACK_LIMIT_BYTES, shouldInterrupt, onLog } = options;
  assertPositive('memoryLimitBytes', memoryLimitBytes);
  assertPositive('stackLimitBytes', stackLimitBytes);
  if (typeof shouldInterrupt !== 'function')
    throw new TypeError('Sandbox option shouldInterrupt must be a function');
  if (onLog !== undefined && typeof onLog !== 'function')
    throw new TypeError('Sandbox option onLog must be a function');
  return { memoryLimitBytes, stackLimitBytes, shouldInterrupt, onLog };
}

function assertPositive(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(`Sandbox option ${name} must be a positive number of bytes, got ${String(value)}`);
  }
}
