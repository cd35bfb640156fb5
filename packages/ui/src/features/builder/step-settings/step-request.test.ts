import type { FlowVersion, Step } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { contentKey, editableOf, validOnItsOwn, withServerOwnedFields } from './step-request';

const code: Step = {
  name: 'step_1',
  displayName: 'Code',
  type: 'CODE',
  valid: false,
  skip: true,
  lastUpdatedDate: '2026-01-01T00:00:00.000Z',
  settings: {
    sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' },
    input: { a: '{{step_9.x}}' },
    sampleData: { sampleDataFileId: 'f1' },
  },
  nextAction: null,
};

const router: Step = {
  name: 'router',
  displayName: 'Router',
  type: 'ROUTER',
  valid: true,
  settings: {
    executionType: 'EXECUTE_FIRST_MATCH',
    branches: [{ branchType: 'FALLBACK', branchName: 'Otherwise' }],
  },
  children: [null],
};

describe('editableOf', () => {
  it('drops links, the server-set date and the sample data', () => {
    expect(editableOf(code, true)).toEqual({
      name: 'step_1',
      displayName: 'Code',
      type: 'CODE',
      valid: true,
      skip: true,
      settings: { sourceCode: code.settings.sourceCode, input: { a: '{{step_9.x}}' } },
    });
  });
});

describe('validOnItsOwn', () => {
  const version = (codes: string[]) =>
    ({
      validationIssues: codes.map((issueCode) => ({
        stepName: 'step_1',
        code: issueCode,
        message: '',
        params: {},
      })),
    }) as Pick<FlowVersion, 'validationIssues'>;
  it.each([
    ['only a reference problem', ['REFERENCE_UNKNOWN_STEP'], true],
    ['marked invalid by the editor', ['MARKED_INVALID'], false],
    ['incomplete settings', ['STEP_INCOMPLETE', 'REFERENCE_UNKNOWN_STEP'], false],
    ['no issue at all', [], true],
  ])('is %s -> %s', (_, codes, expected) => {
    expect(validOnItsOwn(code, version(codes))).toBe(expected);
  });
});

describe('withServerOwnedFields', () => {
  it("keeps the canvas's skip over the draft's", () => {
    const draft = { ...editableOf(code, true), skip: false, displayName: 'Renamed' };
    expect(withServerOwnedFields(draft, code)).toMatchObject({ displayName: 'Renamed', skip: true });
  });

  it("keeps a router's branches as the server has them", () => {
    const draft = { ...editableOf(router, true), displayName: 'Pick' };
    const changed: Step = {
      ...router,
      settings: { ...router.settings, branches: [{ branchType: 'FALLBACK', branchName: 'Else' }] },
    };
    expect(withServerOwnedFields(draft, changed)).toMatchObject({
      displayName: 'Pick',
      settings: { branches: [{ branchName: 'Else' }] },
    });
  });
});

describe('contentKey', () => {
  it('ignores validity and key order', () => {
    const a = editableOf(code, true);
    const reordered = {
      ...editableOf(code, false),
      settings: { input: code.settings.input, sourceCode: code.settings.sourceCode },
    };
    expect(contentKey(reordered as typeof a)).toBe(contentKey(a));
  });
});
