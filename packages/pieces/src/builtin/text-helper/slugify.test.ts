import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

describe('slugify', () => {
  it.each([
    ['Привет мир', 'Privet-mir'],
    ['Ελληνικά', 'Ellhnika'],
    ['Crème brûlée', 'Creme-brulee'],
    [42, '42'],
  ])('transliterates %j to %j', async (text, output) => {
    expect(await runAction(textHelperPiece, 'slugify', { text })).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    [{}, 'Input "text" is required'],
    [{ text: ['a'] }, 'Input "text" must be text, got a list'],
  ])('fails on %j', async (propsValue, message) => {
    expect(await runAction(textHelperPiece, 'slugify', propsValue)).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});
