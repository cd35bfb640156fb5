import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

describe('text helper', () => {
  it.each([
    ['concat', { texts: ['a', 1, null, { b: 2 }], seperator: '-' }, 'a-1--{"b":2}'],
    ['concat', { texts: ['a', 'b'] }, 'ab'],
    ['concat', { texts: ['a', 'b'], separator: ', ' }, 'a, b'],
    ['replace', { text: 'a.b.c', searchValue: '\\.', replaceValue: '/' }, 'a/b/c'],
    ['replace', { text: 'a.b.c', searchValue: '\\.', replaceOnlyFirst: true }, 'ab.c'],
    ['replace', { text: 'cat hat', searchValue: '(\\w)at', replaceValue: '$1og' }, 'cog hog'],
    ['split', { text: 'a, b, c', delimiter: ', ' }, ['a', 'b', 'c']],
    ['find', { text: 'order #123 of 4', expression: '#(\\d+)' }, ['#123', '123']],
    ['find', { text: 'nothing', expression: '\\d' }, null],
  ])('%s %j', async (action, propsValue, output) => {
    expect(await runAction(textHelperPiece, action, propsValue)).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    ['replace', { text: 'a', searchValue: '(' }, 'Input "searchValue" is not a valid regular expression'],
    ['find', { text: 'a', expression: '[' }, 'Input "expression" is not a valid regular expression'],
    ['concat', { texts: 'a,b' }, 'Input "texts" must be a list'],
    ['split', { text: 'a' }, 'Input "delimiter" is required'],
  ])('%s fails on %j', async (action, propsValue, message) => {
    expect(await runAction(textHelperPiece, action, propsValue)).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});
