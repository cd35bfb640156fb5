import type { SandboxLimits } from '../sandbox/sandbox';

/**
 * Limits and timings of a run. Every field has the default of the matching `AP_*` variable;
 * the server passes its parsed configuration. Plain data, so it can cross into a worker thread.
 */
export interface EngineOptions {
  /** AP_FLOW_TIMEOUT_SECONDS: a run still going after this ends TIMEOUT. Default 600. */
  flowTimeoutSeconds: number;
  /** Memory limit of the QuickJS runtime that runs a run's code steps and expressions, in MB. Default 128. */
  codeMemoryLimitMb: number;
  /** AP_MAX_FLOW_RUN_LOG_SIZE_MB: step inputs and outputs of a run counted together. Default 50. */
  maxLogSizeMb: number;
  /** AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB: larger step outputs go to the file store. Default 32. */
  sliceThresholdKb: number;
  /** AP_FLOW_RUN_LOG_INPUT_TRUNCATE_THRESHOLD_KB: larger input values are truncated in the log. Default 2. */
  inputTruncateThresholdKb: number;
  /** Waits between the 4 attempts of a step with retryOnFailure. Default 4 s, 8 s, 16 s. */
  retryDelaysMs: readonly number[];
}

/** The defaults of {@link EngineOptions}. */
export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  flowTimeoutSeconds: 600,
  codeMemoryLimitMb: 128,
  maxLogSizeMb: 50,
  sliceThresholdKb: 32,
  inputTruncateThresholdKb: 2,
  retryDelaysMs: [4_000, 8_000, 16_000],
};

/** Fills in defaults for the options not given. */
export function resolveEngineOptions(options: Partial<EngineOptions> = {}): EngineOptions {
  return { ...DEFAULT_ENGINE_OPTIONS, ...options };
}

/**
 * The limits of the sandbox a run's code steps and expressions get: what `runEngine` asks the
 * sandbox pool for, and what a worker thread warms up, so that the warm sandbox is the one found.
 */
export function codeSandboxLimits(options: EngineOptions): SandboxLimits {
  return { memoryLimitBytes: options.codeMemoryLimitMb * 1024 * 1024 };
}
