import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { FlowTestExpectation } from './flow-test-expectation';
import { StepRecordings } from './step-recording';

/** The most test cases one flow keeps. */
export const MAX_FLOW_TEST_CASES = 200;

/**
 * The parts of a flow test case a person writes: the trigger's output to start the run with,
 * the piece steps' recorded answers, and what the run must produce. It is also the shape of a
 * test case in a project's files (`flows/<externalId>.tests.json` holds an array of them).
 */
export const FlowTestCaseDefinition = z.object({
  displayName: z.string().min(1).max(200),
  triggerOutput: z.unknown(),
  recordings: StepRecordings.default({}),
  expectations: z.array(FlowTestExpectation).max(500).default([]),
});
export type FlowTestCaseDefinition = z.infer<typeof FlowTestCaseDefinition>;

/**
 * A stored test of a flow: run the flow's version on `triggerOutput`, answer piece steps from
 * `recordings` (never calling a service), and check `expectations`. `sourceRunId` is the run it
 * was saved from, null when it was written by hand.
 */
export const FlowTestCase = z.object({
  ...BaseModelFields,
  flowId: z.string(),
  projectId: z.string(),
  displayName: z.string(),
  triggerOutput: z.unknown(),
  recordings: StepRecordings,
  expectations: z.array(FlowTestExpectation),
  sourceRunId: z.string().nullable(),
});
export type FlowTestCase = z.infer<typeof FlowTestCase>;

/** Body of `POST /v1/flows/:id/test-cases`: a test case written by hand. */
export const CreateFlowTestCaseRequest = FlowTestCaseDefinition;
export type CreateFlowTestCaseRequest = z.infer<typeof CreateFlowTestCaseRequest>;

/**
 * Body of `POST /v1/flows/:id/test-cases/from-run`: save run `runId` of the flow as a test case
 * (its trigger output, its piece steps' recordings, and as expectations each step's output and
 * the run's final status and response). `displayName` defaults to one naming the run.
 */
export const CreateFlowTestCaseFromRunRequest = z.object({
  runId: z.string().min(1),
  displayName: z.string().min(1).max(200).optional(),
});
export type CreateFlowTestCaseFromRunRequest = z.infer<typeof CreateFlowTestCaseFromRunRequest>;

/** Body of `POST /v1/test-cases/:id`: the fields to change; an omitted field keeps its value. */
export const UpdateFlowTestCaseRequest = z.object({
  displayName: z.string().min(1).max(200).optional(),
  triggerOutput: z.unknown().optional(),
  recordings: StepRecordings.optional(),
  expectations: z.array(FlowTestExpectation).max(500).optional(),
});
export type UpdateFlowTestCaseRequest = z.infer<typeof UpdateFlowTestCaseRequest>;
