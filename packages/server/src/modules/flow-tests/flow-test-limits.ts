/** The engine limits of flow tests and replays on the server. */
import type { EngineOptions } from '@piecework/engine';
import type { PieceworkConfig } from '@piecework/shared';

/** The most seconds one test case or one replayed run may take (less when AP_FLOW_TIMEOUT_SECONDS is lower). */
export const FLOW_TEST_TIMEOUT_SECONDS = 10;

/**
 * The engine options a test case or a replayed run gets: the server's log limits (so recorded
 * inputs compare in the same form), at most `FLOW_TEST_TIMEOUT_SECONDS` seconds, and the
 * engine's default memory limit for code. It runs on the server's main thread: a busy code step
 * holds it until the time limit interrupts the step.
 */
export function flowTestEngineOptions(config: PieceworkConfig): Partial<EngineOptions> {
  return {
    flowTimeoutSeconds: Math.min(config.flowTimeoutSeconds, FLOW_TEST_TIMEOUT_SECONDS),
    maxLogSizeMb: config.maxFlowRunLogSizeMb,
    inputTruncateThresholdKb: config.flowRunLogInputTruncateThresholdKb,
  };
}
