import { z } from 'zod';
import { StepType } from '../flows/step';
import { TriggerType } from '../flows/trigger';

/** The status of one step's record in a run: SUCCEEDED, FAILED, PAUSED or RUNNING. */
export const StepOutputStatus = z.enum(['SUCCEEDED', 'FAILED', 'PAUSED', 'RUNNING']);
export type StepOutputStatus = z.infer<typeof StepOutputStatus>;

/** What kind of step produced a record: a step type, or a trigger type for the `trigger` record. */
export const StepOutputType = z.enum([...StepType.options, ...TriggerType.options]);
export type StepOutputType = z.infer<typeof StepOutputType>;

/**
 * The record a run keeps for one executed step (`run.steps[name]`): its resolved `input` (as
 * logged, with connections redacted and large values truncated), its `output` when it produced
 * one, `errorMessage` when it failed, and `duration` in milliseconds. The `trigger` record's
 * output is the trigger payload. A skipped step leaves no record.
 */
export const StepOutput = z.object({
  type: StepOutputType,
  status: StepOutputStatus,
  input: z.unknown(),
  output: z.unknown().optional(),
  errorMessage: z.string().optional(),
  duration: z.number().min(0),
});
export type StepOutput = z.infer<typeof StepOutput>;

/** A run's `steps`: step name to record, in execution order, starting with `trigger`. */
export const StepOutputs = z.record(z.string(), StepOutput);
export type StepOutputs = z.infer<typeof StepOutputs>;
