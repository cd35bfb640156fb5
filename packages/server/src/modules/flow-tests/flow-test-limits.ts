/** The engine limits of flow tests and replays on the server. */
import { performance } from 'node:perf_hooks';
import type { EngineOptions } from '@piecework/engine';
import type { PieceworkConfig } from '@piecework/shared';

/** The most seconds one test case or one replayed run may take (less when AP_FLOW_TIMEOUT_SECONDS is lower). */
export const FLOW_TEST_TIMEOUT_SECONDS = 10;

/**
 * The most seconds the cases of one request (a test run, a replay) may take together. They run
 * on the server's main thread, so this bounds how long one request can hold it however many cases
 * it has; the cases left when it is spent are answered as not run.
 */
export const FLOW_TEST_REQUEST_SECONDS = 30;

/** The time one request's cases have left; make one per request. */
export class FlowTestBudget {
  readonly #deadline: number;

  constructor(seconds: number = FLOW_TEST_REQUEST_SECONDS) {
    this.#deadline = performance.now() + seconds * 1000;
  }

  /** Whole seconds left (0 once less than one is). */
  secondsLeft(): number {
    return Math.max(0, Math.floor((this.#deadline - performance.now()) / 1000));
  }

  /** The sentence of a case or run not run because the budget was spent. */
  static spentMessage(): string {
    return `Not run: the cases before it took this request's ${String(FLOW_TEST_REQUEST_SECONDS)} s of test time`;
  }
}

/**
 * The engine options a test case or a replayed run gets: the server's log limits (so recorded
 * inputs compare in the same form), at most `FLOW_TEST_TIMEOUT_SECONDS` seconds and at most what
 * `budget` has left, and the engine's default memory limit for code. It runs on the server's
 * main thread: a busy code step holds it until the time limit interrupts the step. Undefined when
 * the budget has less than a second left: the case is not run.
 */
export function flowTestEngineOptions(
  config: PieceworkConfig,
  budget: FlowTestBudget,
): Partial<EngineOptions> | undefined {
  const seconds = Math.min(config.flowTimeoutSeconds, FLOW_TEST_TIMEOUT_SECONDS, budget.secondsLeft());
  if (seconds < 1) return undefined;
  return {
    flowTimeoutSeconds: seconds,
    maxLogSizeMb: config.maxFlowRunLogSizeMb,
    inputTruncateThresholdKb: config.flowRunLogInputTruncateThresholdKb,
  };
}
