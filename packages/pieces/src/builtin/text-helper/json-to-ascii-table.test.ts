import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

const table = (data: unknown) => runAction(textHelperPiece, 'json_to_ascii_table', { data });

describe('json_to_ascii_table', () => {
  it.each([
    [
      'rows with the same keys',
      [
        { name: 'Ada', age: 36 },
        { name: 'Grace', age: 85 },
      ],
      [
        '+-------+-----+',
        '| name  | age |',
        '+-------+-----+',
        '| Ada   | 36  |',
        '| Grace | 85  |',
        '+-------+-----+',
      ],
    ],
    [
      'rows with different keys, null and nested values',
      [{ a: 1 }, { b: null, c: { d: true } }],
      [
        '+---+---+------------+',
        '| a | b | c          |',
        '+---+---+------------+',
        '| 1 |   |            |',
        '|   |   | {"d":true} |',
        '+---+---+------------+',
      ],
    ],
    ['JSON text', '[{"x":"y"}]', ['+---+', '| x |', '+---+', '| y |', '+---+']],
    ['an empty list', [], ['']],
  ])('draws %s', async (_, data, lines) => {
    expect(await table(data)).toEqual({ status: 'SUCCEEDED', output: lines.join('\n') });
  });

  it.each([
    ['an object', { a: 1 }, 'Input "data" must be a list of objects, got a value of type object'],
    ['a list of numbers', [{ a: 1 }, 2], 'Input "data" must be a list of objects; item 1 is the number 2'],
    ['invalid JSON text', '[{', 'Input "data" is not valid JSON'],
    ['nothing', undefined, 'Input "data" must be a list of objects, got nothing'],
  ])('fails on %s', async (_, data, message) => {
    expect(await table(data)).toEqual({ status: 'FAILED', message: expect.stringContaining(message) });
  });
});
