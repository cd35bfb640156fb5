/** What `piecework test` prints: a line per test case (with the failures' diffs), then a summary. */
import type { FlowTestSuite } from './junit-report';

/** The lines of one flow's suite: `PASS|FAIL <flow> > <case> (<ms> ms)`, failures indented under it. */
export function suiteLines(suite: FlowTestSuite): string[] {
  const lines: string[] = [];
  if (suite.error !== undefined) lines.push(`ERROR ${suite.displayName}: ${suite.error}`);
  for (const result of suite.results) {
    const mark = result.passed ? 'PASS' : 'FAIL';
    lines.push(`${mark}  ${suite.displayName} > ${result.displayName} (${Math.round(result.durationMs)} ms)`);
    if (result.passed) continue;
    if (result.message !== undefined) lines.push(`      ${result.message}`);
    for (const failure of result.failures) {
      lines.push(`      ${failure.message}`);
      for (const line of failure.diff.split('\n')) lines.push(`        ${line}`);
    }
  }
  return lines;
}

/** The closing line: how many cases passed and failed over how many flows. */
export function summaryLine(suites: readonly FlowTestSuite[]): string {
  const results = suites.flatMap((suite) => suite.results);
  const passed = results.filter((result) => result.passed).length;
  const errors = suites.filter((suite) => suite.error !== undefined).length;
  const errorText = errors === 0 ? '' : `, ${String(errors)} flow${errors === 1 ? '' : 's'} not run`;
  return `${String(passed)} passed, ${String(results.length - passed)} failed, ${String(results.length)} test cases in ${String(suites.length)} flow${suites.length === 1 ? '' : 's'}${errorText}`;
}

/** The exit code of `piecework test`: 0 when every case ran and passed, else 1. */
export function exitCodeOf(suites: readonly FlowTestSuite[]): number {
  const failed = suites.some(
    (suite) => suite.error !== undefined || suite.results.some((result) => !result.passed),
  );
  return failed ? 1 : 0;
}
