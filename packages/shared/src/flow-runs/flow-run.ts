import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { FlowRunStatus } from './flow-run-status';
import { RunEnvironment } from './run-environment';
import { StepOutputs } from './step-output';

/** The step that stopped a FAILED run: its name, display name and error message. */
export const FailedStep = z.object({
  name: z.string(),
  displayName: z.string(),
  message: z.string().optional(),
});
export type FailedStep = z.infer<typeof FailedStep>;

/**
 * One execution of a flow version (every field of Activepieces' flow run). `steps` is filled
 * on `GET /v1/flow-runs/:id` and left out of listings; `failedStep` is set when a step stopped
 * the run; `stepNameToTest` marks a single-step test run; `endReason` says why it was ended by hand.
 */
export const FlowRun = z.object({
  ...BaseModelFields,
  projectId: z.string(),
  flowId: z.string(),
  flowVersionId: z.string(),
  failParentOnFailure: z.boolean(),
  parentRunId: z.string().optional(),
  triggeredBy: z.string().optional(),
  tags: z.array(z.string()).optional(),
  flowVersion: z.object({ displayName: z.string() }).optional(),
  logsFileId: z.string().nullable().optional(),
  status: FlowRunStatus,
  startTime: z.string().nullable().optional(),
  finishTime: z.string().nullable().optional(),
  environment: RunEnvironment,
  steps: StepOutputs.nullable().optional(),
  failedStep: FailedStep.optional(),
  stepNameToTest: z.string().optional(),
  archivedAt: z.string().nullable().optional(),
  stepsCount: z.number().int().min(0).optional(),
  /** Why a person ended the run by hand (ending stuck runs records the reason given); Piecework's own field. */
  endReason: z.string().optional(),
});
export type FlowRun = z.infer<typeof FlowRun>;
