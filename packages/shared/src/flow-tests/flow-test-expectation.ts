import { z } from 'zod';
import { FlowRunStatus } from '../flow-runs/flow-run-status';

/**
 * A step's output must equal `equals` (deep equality of JSON values). `path` picks a part of the
 * output (`body.items[0].id`, dots between keys, brackets around array indexes); without it the
 * whole output is compared. `stepName` is a step place as in `StepRecordings` (`loop_1[0].step_2`
 * inside loops).
 */
export const StepOutputExpectation = z.object({
  type: z.literal('STEP_OUTPUT'),
  stepName: z.string().min(1),
  path: z.string().min(1).optional(),
  equals: z.unknown(),
});
export type StepOutputExpectation = z.infer<typeof StepOutputExpectation>;

/**
 * The flow's HTTP answer (a "return response" step, or respond and continue) must have this
 * `status` and (deep-equal) `body`; an omitted field is not checked.
 */
export const ResponseExpectation = z.object({
  type: z.literal('RESPONSE'),
  status: z.number().int().min(100).max(599).optional(),
  body: z.unknown().optional(),
});
export type ResponseExpectation = z.infer<typeof ResponseExpectation>;

/** The run must end with this status (SUCCEEDED, FAILED, PAUSED, ...). */
export const RunStatusExpectation = z.object({
  type: z.literal('RUN_STATUS'),
  status: FlowRunStatus,
});
export type RunStatusExpectation = z.infer<typeof RunStatusExpectation>;

/** One thing a flow test checks after running the flow; a test passes when all of them hold. */
export const FlowTestExpectation = z.discriminatedUnion('type', [
  StepOutputExpectation,
  ResponseExpectation,
  RunStatusExpectation,
]);
export type FlowTestExpectation = z.infer<typeof FlowTestExpectation>;
