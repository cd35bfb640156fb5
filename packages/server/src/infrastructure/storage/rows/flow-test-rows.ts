/**
 * The rows of flow test cases (migration `0028-flow-test-cases`).
 * Column conventions: see `../database.ts`.
 */
import type { JsonText, Timestamps } from './column-types';

/** `flowTestCase`: one test case of a flow. */
export interface FlowTestCaseTable extends Timestamps {
  id: string;
  projectId: string;
  flowId: string;
  displayName: string;
  /** JSON: the trigger's output the test runs on (null: the test stores none). */
  triggerOutput: JsonText | null;
  /** JSON `StepRecordings`: piece steps' answers by step place. */
  recordings: JsonText;
  /** JSON array of `FlowTestExpectation`. */
  expectations: JsonText;
  /** The run the case was saved from, or null for one written by hand. */
  sourceRunId: string | null;
}
