import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

describe('defaultValue', () => {
  it.each([
    ['a value', { value: 'x', defaultString: 'd' }, 'x'],
    ['a missing value', { defaultString: 'd' }, 'd'],
    ['null', { value: null, defaultString: 'd' }, 'd'],
    ['the empty text', { value: '', defaultString: 'd' }, 'd'],
    ['an empty list', { value: [], defaultString: 'd' }, 'd'],
    ['an empty object', { value: {}, defaultString: 'd' }, 'd'],
    ['spaces, which are not empty', { value: '  ', defaultString: 'd' }, '  '],
    ['zero, which is not empty', { value: 0, defaultString: 'd' }, 0],
    ['false, which is not empty', { value: false, defaultString: 'd' }, false],
    ['a list', { value: ['a'], defaultString: 'd' }, ['a']],
  ])('returns for %s', async (_, propsValue, output) => {
    expect(await runAction(textHelperPiece, 'defaultValue', propsValue)).toEqual({
      status: 'SUCCEEDED',
      output,
    });
  });

  it('fails when the value is empty and there is no default', async () => {
    expect(await runAction(textHelperPiece, 'defaultValue', { value: '' })).toEqual({
      status: 'FAILED',
      message: expect.stringContaining('Input "defaultString" is required'),
    });
  });
});
