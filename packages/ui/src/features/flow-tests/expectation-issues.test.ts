import { ApiError } from '@piecework/client';
import { describe, expect, it } from 'vitest';
import { expectationIssues } from './expectation-issues';

function refusal(params: Record<string, unknown>): ApiError {
  return new ApiError({
    status: 400,
    code: 'VALIDATION',
    params,
    requestId: undefined,
    method: 'POST',
    url: 'http://127.0.0.1/api/v1/test-cases/tc1',
    body: { code: 'VALIDATION', params },
  });
}

describe('expectationIssues', () => {
  it('names each refused expectation by its place in the list, counted from one', () => {
    const error = refusal({
      message: 'Invalid body expectations.1.stepName: Required',
      issues: [
        { path: 'expectations.1.stepName', message: 'Required', code: 'invalid_type' },
        { path: 'expectations.2', message: 'Invalid input', code: 'invalid_union' },
        { path: 'expectations', message: 'Too big', code: 'too_big' },
      ],
    });
    expect(expectationIssues(error)).toEqual([
      'Expectation 2, stepName: Required',
      'Expectation 3: Invalid input',
      'The list: Too big',
    ]);
  });

  it("answers the error's message when it lists no issues", () => {
    expect(expectationIssues(refusal({ message: 'The test case is gone' }))).toEqual([
      'The test case is gone',
    ]);
    expect(expectationIssues(new TypeError('fetch failed'))).toEqual([
      'The server cannot be reached. Check your connection and try again.',
    ]);
  });
});
