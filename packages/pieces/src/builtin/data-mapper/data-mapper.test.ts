import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { dataMapperPiece } from './index';

describe('advanced_mapping', () => {
  it.each([
    ['an object', { name: 'Ada', tags: ['x'] }, { name: 'Ada', tags: ['x'] }],
    ['JSON text', '{"a":[1,2]}', { a: [1, 2] }],
    ['a list', [1, 2], [1, 2]],
  ])('returns %s as the output', async (_, mapping, output) => {
    expect(await runAction(dataMapperPiece, 'advanced_mapping', { mapping })).toEqual({
      status: 'SUCCEEDED',
      output,
    });
  });

  it.each([
    ['no mapping', {}, 'Input "mapping" is required'],
    ['invalid JSON text', { mapping: '{a' }, 'Input "mapping" is not valid JSON'],
  ])('fails on %s', async (_, propsValue, message) => {
    expect(await runAction(dataMapperPiece, 'advanced_mapping', propsValue)).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});
