import { z } from 'zod';

/**
 * What a piece step did in the run a test case was recorded from: its resolved `input`, and the
 * `output` it answered (SUCCEEDED) or the `errorMessage` it failed with (FAILED). A test or a
 * replay answers the step from its recording instead of calling the service, as long as the step
 * is called with the same input; code steps, routers and loops are never recorded, they run again.
 * A recording without `input` (written by hand) answers any input.
 */
export const StepRecording = z.object({
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  status: z.enum(['SUCCEEDED', 'FAILED']),
  errorMessage: z.string().optional(),
});
export type StepRecording = z.infer<typeof StepRecording>;

/**
 * A test case's recordings by step place: the step name for a step outside loops, and the
 * step path inside loops (`loop_1[0].step_2`: step_2 in the first iteration of loop_1, as
 * `formatStepPath` writes it), so each iteration's call has its own recording.
 */
export const StepRecordings = z.record(z.string(), StepRecording);
export type StepRecordings = z.infer<typeof StepRecordings>;
