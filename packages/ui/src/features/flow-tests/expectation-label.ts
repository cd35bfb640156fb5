/** The short name of a test case's expectation, as the Tests tab lists failures. */
import type { FlowTestExpectation } from '@piecework/shared';

/** E.g. "Output of step_2", "Output of step_2 at body.id", "Response", "Run status". */
export function expectationLabel(expectation: FlowTestExpectation): string {
  switch (expectation.type) {
    case 'STEP_OUTPUT':
      return expectation.path === undefined
        ? `Output of ${expectation.stepName}`
        : `Output of ${expectation.stepName} at ${expectation.path}`;
    case 'RESPONSE':
      return 'Response';
    case 'RUN_STATUS':
      return 'Run status';
  }
}
