/**
 * The JUnit XML report of `piecework test --junit <file>`, the format CI systems read (GitLab,
 * Jenkins, GitHub actions that publish test results): one `<testsuite>` per flow, one
 * `<testcase>` per test case, a `<failure>` with the messages and diffs of a case that failed.
 */
import type { FlowTestResult } from '@piecework/shared';
import { create } from 'xmlbuilder2';

/** The results of one flow's test cases: a suite of the report. */
export interface FlowTestSuite {
  /** The flow's id, or its externalId for a project directory. */
  flowKey: string;
  displayName: string;
  results: readonly FlowTestResult[];
  /** Why the flow's cases could not be run at all (the suite then counts one error). */
  error?: string;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** What a failed case's `<failure>` holds: the run's message, then each failed expectation with its diff. */
export function failureText(result: FlowTestResult): string {
  const parts = result.message === undefined ? [] : [result.message];
  for (const failure of result.failures) parts.push(`${failure.message}\n${failure.diff}`);
  return parts.join('\n\n');
}

/** The JUnit XML text of `suites`. */
export function junitReport(suites: readonly FlowTestSuite[]): string {
  const all = suites.flatMap((suite) => suite.results);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', {
    name: 'piecework test',
    tests: String(all.length),
    failures: String(all.filter((result) => !result.passed).length),
    errors: String(suites.filter((suite) => suite.error !== undefined).length),
    time: seconds(all.reduce((sum, result) => sum + result.durationMs, 0)),
  });
  for (const suite of suites) {
    const element = root.ele('testsuite', {
      name: suite.displayName,
      id: suite.flowKey,
      tests: String(suite.results.length),
      failures: String(suite.results.filter((result) => !result.passed).length),
      errors: suite.error === undefined ? '0' : '1',
      time: seconds(suite.results.reduce((sum, result) => sum + result.durationMs, 0)),
    });
    if (suite.error !== undefined) element.ele('error', { message: suite.error }).txt(suite.error);
    for (const result of suite.results) {
      const testcase = element.ele('testcase', {
        name: result.displayName,
        classname: suite.flowKey,
        time: seconds(result.durationMs),
      });
      if (!result.passed) {
        const message = result.message ?? result.failures[0]?.message ?? 'failed';
        testcase.ele('failure', { message, type: result.runStatus }).txt(failureText(result));
      }
    }
  }
  return root.end({ prettyPrint: true });
}
