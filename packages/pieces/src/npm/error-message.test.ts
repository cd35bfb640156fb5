import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it.each<[string, unknown, string]>([
    ['an error', new Error('boom'), 'boom'],
    [
      'an error with a cause',
      new TypeError('fetch failed', { cause: new Error('blocked') }),
      'fetch failed: blocked',
    ],
    [
      'a cause already in the message',
      new Error('x: blocked', { cause: new Error('blocked') }),
      'x: blocked',
    ],
    ['a string', 'plain', 'plain'],
    ['an object', { code: 42 }, '{"code":42}'],
    ['undefined', undefined, 'undefined'],
  ])('%s', (_, error, expected) => {
    expect(errorMessage(error)).toBe(expected);
  });
});
