import type { StepOutput, StepOutputStatus, StepOutputType } from '@piecework/shared';
import { failedHalt, type Halt } from './halt';
import { jsonByteSize } from './json-size';
import { truncateLoggedInput } from './logged-input';
import { offloadedOutput } from './offloaded-output';
import type { RunContext } from './run-context';

/** What a finished step produced, before it is turned into its run record. */
export interface StepResult {
  status: StepOutputStatus;
  /** The input as logged (connections redacted); truncated here when large. */
  loggedInput: unknown;
  /** The full output (kept in scope for later steps; offloaded from the record when large). */
  output?: unknown;
  errorMessage?: string;
  startedAt: number;
  /** Loops: their records already count their iterations, so the output is not counted again nor offloaded. */
  outputAlreadyCounted?: boolean;
}

/**
 * Turns a step's result into its run record: the input truncated for the log, a large output
 * offloaded to the file store, and the log-size budget charged. Past AP_MAX_FLOW_RUN_LOG_SIZE_MB
 * the step's record is FAILED and the returned halt ends the run LOG_SIZE_EXCEEDED.
 */
export async function recordStep(
  context: RunContext,
  step: { name: string; displayName: string; type: StepOutputType },
  result: StepResult,
): Promise<{ record: StepOutput; halt?: Halt }> {
  const { options, host } = context;
  const loggedInput = truncateLoggedInput(result.loggedInput, options.inputTruncateThresholdKb * 1024);
  const record: StepOutput = {
    type: step.type,
    status: result.status,
    input: loggedInput,
    duration: Math.max(0, host.now() - result.startedAt),
  };
  if (result.output !== undefined) record.output = result.output;
  if (result.errorMessage !== undefined) record.errorMessage = result.errorMessage;
  const outputBytes = result.outputAlreadyCounted ? 0 : jsonByteSize(result.output);
  if (outputBytes > options.sliceThresholdKb * 1024) {
    const fileId = await host.files.save(JSON.stringify(result.output), {
      name: `${context.run.id}.${step.name}.output.json`,
    });
    record.output = offloadedOutput(fileId, outputBytes);
  }
  context.logBytes += jsonByteSize(loggedInput) + outputBytes;
  const limitBytes = options.maxLogSizeMb * 1024 * 1024;
  if (context.logBytes > limitBytes) {
    const message = `The run's logs exceed the limit of ${options.maxLogSizeMb} MB (AP_MAX_FLOW_RUN_LOG_SIZE_MB)`;
    const failed: StepOutput = { ...record, status: 'FAILED', errorMessage: message };
    delete failed.output;
    return { record: failed, halt: failedHalt('LOG_SIZE_EXCEEDED', message, step) };
  }
  return { record };
}
