import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { jsonPiece } from './index';

describe('json', () => {
  it.each([
    ['convert_text_to_json', { text: '{"a":[1,"b"]}' }, { a: [1, 'b'] }],
    ['convert_text_to_json', { text: '3' }, 3],
    ['convert_json_to_text', { json: { a: [1, 'b'] } }, '{"a":[1,"b"]}'],
    ['convert_json_to_text', { json: null }, 'null'],
  ])('%s %j', async (action, propsValue, output) => {
    expect(await runAction(jsonPiece, action, propsValue)).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    ['convert_text_to_json', { text: '{a:1}' }, 'Input "text" is not valid JSON'],
    ['convert_text_to_json', {}, 'Input "text" is required'],
    ['convert_json_to_text', {}, 'Input "json" is required'],
  ])('%s fails on %j', async (action, propsValue, message) => {
    expect(await runAction(jsonPiece, action, propsValue)).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});
