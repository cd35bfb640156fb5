import { describe, expect, it } from 'vitest';
import { pinProcessTimeZone } from '../testing/process-time-zone';
import { runAction, testServices } from '../testing/test-services';
import type { ReferenceCase } from './reference-case';
import { ARITHMETIC_CASES } from './reference-cases-arithmetic.fixtures';
import { DST_CASES } from './reference-cases-dst.fixtures';
import { READING_CASES } from './reference-cases-reading.fixtures';
import { dateHelperPiece } from './index';

pinProcessTimeZone('UTC');

const outcomeOf = ({ expected }: ReferenceCase) =>
  'error' in expected
    ? { status: 'FAILED', message: expected.error }
    : { status: 'SUCCEEDED', output: expected.output };

const run = ({ action, props, now }: ReferenceCase) =>
  runAction(
    dateHelperPiece,
    action,
    props,
    now === undefined ? {} : { services: testServices({ now: () => Date.parse(now) }) },
  );

describe.each([
  ['gives the Activepieces piece’s outputs reading and writing dates', READING_CASES],
  ['gives the Activepieces piece’s outputs in calendar arithmetic', ARITHMETIC_CASES],
  ['gives the Activepieces piece’s outputs across DST', DST_CASES],
])('the date helper %s', (_, cases) => {
  it.each(cases.map((testCase) => [`${testCase.action}: ${testCase.name}`, testCase] as const))(
    '%s',
    async (_title, testCase) => {
      expect(await run(testCase)).toEqual(outcomeOf(testCase));
    },
  );
});
