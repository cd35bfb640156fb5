/** A test case made from a finished run: what "save this run as a test case" stores. */
import { recordingsFromRun, stepPlaces, type FlowResponse } from '@piecework/engine';
import type { FlowRun, FlowTestCaseDefinition, FlowTestExpectation } from '@piecework/shared';

/**
 * The definition of a test case reproducing `run` (with its steps): its trigger output, its piece
 * steps' recordings, and as expectations each step's output (loops are checked through their
 * body's steps, failed steps through the run's status), the run's final status and, when the
 * flow answered its caller, that response.
 */
export function testCaseFromRun(
  run: FlowRun,
  response: FlowResponse | null,
  displayName: string,
): FlowTestCaseDefinition {
  const steps = run.steps ?? {};
  const expectations: FlowTestExpectation[] = [];
  for (const { place, record } of stepPlaces(steps)) {
    if (record.status !== 'SUCCEEDED' || record.type === 'LOOP_ON_ITEMS') continue;
    expectations.push({ type: 'STEP_OUTPUT', stepName: place, equals: record.output ?? null });
  }
  expectations.push({ type: 'RUN_STATUS', status: run.status });
  if (response !== null)
    expectations.push({ type: 'RESPONSE', status: response.status, body: response.body });
  return {
    displayName,
    triggerOutput: steps['trigger']?.output ?? null,
    recordings: recordingsFromRun(steps),
    expectations,
  };
}
