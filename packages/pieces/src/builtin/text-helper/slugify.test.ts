import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

describe('slugify', () => {
  it.each([
    ['Hello World', 'Hello-World'],
    ['  some   text  ', 'some-text'],
    ['Crème brûlée à la carte', 'Creme-brulee-a-la-carte'],
    ['Tom & Jerry', 'Tom-and-Jerry'],
    ['Straße', 'Strasse'],
    ['a - b', 'a-b'],
    ['keeps .()!:@ but drops #/?', 'keeps-.()!:@-but-drops'],
    ['emoji 🎉 gone', 'emoji-gone'],
    [42, '42'],
    ['', ''],
  ])('%j → %j', async (text, output) => {
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
