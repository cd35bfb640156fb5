import { describe, expect, it } from 'vitest';
import { PieceworkError } from '../../common/errors';
import type { StepRequest } from '../step';
import { MAX_CODE_SOURCE_BYTES } from './code-source-limits';
import { add, apply, codeStep, emptyDraft } from '../../testing';

function withSource(code: string, packageJson = '{}'): StepRequest {
  const step = codeStep('step_1');
  return { ...step, settings: { ...step.settings, sourceCode: { code, packageJson } } };
}

function refusal(step: StepRequest): { code: string; params: Record<string, unknown> } | undefined {
  try {
    apply(emptyDraft(), add('trigger', step));
    return undefined;
  } catch (error) {
    if (!(error instanceof PieceworkError)) throw error;
    return { code: error.code, params: error.params };
  }
}

const big = 'x'.repeat(MAX_CODE_SOURCE_BYTES + 1);

describe('code step source limits', () => {
  it.each<[string, StepRequest, Record<string, unknown>]>([
    ['code over 256 KB', withSource(big), { field: 'code', sizeBytes: MAX_CODE_SOURCE_BYTES + 1 }],
    ['packageJson over 256 KB', withSource('x', big), { field: 'packageJson' }],
    ['multi-byte code over 256 KB', withSource('é'.repeat(MAX_CODE_SOURCE_BYTES / 2 + 1)), { field: 'code' }],
    ['a NUL character', withSource('return 1;\u0000'), { field: 'code', offset: 9 }],
    ['a lone high surrogate', withSource('const s = "\uD83D";'), { field: 'code', offset: 11 }],
    ['a lone low surrogate', withSource('x', '{"a":"\uDE00"}'), { field: 'packageJson', offset: 6 }],
  ])('refuses %s, naming the step', (_, step, params) => {
    expect(refusal(step)).toEqual({
      code: 'FLOW_OPERATION_INVALID',
      params: expect.objectContaining({ stepName: 'step_1', ...params }) as unknown,
    });
  });

  it.each<[string, StepRequest]>([
    ['exactly 256 KB', withSource('x'.repeat(MAX_CODE_SOURCE_BYTES))],
    ['an emoji (a surrogate pair)', withSource('return "\uD83D\uDE00";')],
  ])('accepts %s', (_, step) => {
    expect(refusal(step)).toBeUndefined();
  });
});
