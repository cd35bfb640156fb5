/** Checking a flow test's expectations against the run it made. */
import { jsonEqual, jsonValue, recordResult, stepPlaces, type FlowResponse } from '@piecework/engine';
import type {
  FlowRunStatus,
  FlowTestExpectation,
  FlowTestFailure,
  StepOutput,
  StepOutputs,
} from '@piecework/shared';
import { failureDiff } from './failure-diff';
import { readOutputPath } from './step-output-path';

/** What a test's run produced: its status, its records and the answer to its caller, if any. */
export interface TestRunProduct {
  status: FlowRunStatus;
  steps: StepOutputs;
  response?: FlowResponse | undefined;
}

/**
 * The expectations that do not hold for `product`, each with what was found, a sentence and a
 * line diff (see `failureDiff`). Values are compared as JSON (key order does not matter).
 */
export function checkExpectations(
  expectations: readonly FlowTestExpectation[],
  product: TestRunProduct,
): FlowTestFailure[] {
  const records = new Map(stepPlaces(product.steps).map(({ place, record }) => [place, record]));
  const failures: FlowTestFailure[] = [];
  for (const expectation of expectations) {
    const failure = checkOne(expectation, product, records);
    if (failure) failures.push(failure);
  }
  return failures;
}

function checkOne(
  expectation: FlowTestExpectation,
  product: TestRunProduct,
  records: ReadonlyMap<string, StepOutput>,
): FlowTestFailure | undefined {
  switch (expectation.type) {
    case 'STEP_OUTPUT': {
      const record = records.get(expectation.stepName);
      const where = expectation.path === undefined ? '' : ` at ${expectation.path}`;
      if (record === undefined) {
        return failure(
          expectation,
          expectation.equals,
          undefined,
          `Step ${expectation.stepName} did not run`,
        );
      }
      const actual = readOutputPath(recordResult(record), expectation.path);
      return differs(expectation.equals, actual)
        ? failure(
            expectation,
            expectation.equals,
            actual,
            `Step ${expectation.stepName}'s output${where} differs`,
          )
        : undefined;
    }
    case 'RESPONSE': {
      const response = product.response;
      const expected = {
        ...(expectation.status === undefined ? {} : { status: expectation.status }),
        ...(expectation.body === undefined ? {} : { body: expectation.body }),
      };
      if (response === undefined) {
        return failure(expectation, expected, undefined, 'The flow answered no response');
      }
      const actual = {
        ...(expectation.status === undefined ? {} : { status: response.status }),
        ...(expectation.body === undefined ? {} : { body: response.body }),
      };
      return differs(expected, actual)
        ? failure(expectation, expected, actual, 'The flow answered another response')
        : undefined;
    }
    case 'RUN_STATUS':
      return expectation.status === product.status
        ? undefined
        : failure(
            expectation,
            expectation.status,
            product.status,
            `The run ended ${product.status}, not ${expectation.status}`,
          );
  }
}

function differs(expected: unknown, actual: unknown): boolean {
  return !jsonEqual(jsonValue(expected), jsonValue(actual));
}

function failure(
  expectation: FlowTestExpectation,
  expected: unknown,
  actual: unknown,
  message: string,
): FlowTestFailure {
  return {
    expectation,
    actual: jsonValue(actual),
    message,
    diff: failureDiff(jsonValue(expected), jsonValue(actual)),
  };
}
