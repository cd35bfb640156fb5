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
    [
      "fetch's network error, two causes deep",
      new TypeError('fetch failed', {
        cause: new Error('getaddrinfo ENOTFOUND slack.com', { cause: new Error('DNS says no') }),
      }),
      'fetch failed: getaddrinfo ENOTFOUND slack.com: DNS says no',
    ],
    [
      'a refused connection to every address (an AggregateError without a message)',
      new TypeError('fetch failed', {
        cause: Object.assign(
          new AggregateError([
            new Error('connect ECONNREFUSED ::1:80'),
            new Error('connect ECONNREFUSED 127.0.0.1:80'),
          ]),
          { code: 'ECONNREFUSED' },
        ),
      }),
      'fetch failed: connect ECONNREFUSED ::1:80; connect ECONNREFUSED 127.0.0.1:80',
    ],
    [
      'an error with only a code',
      new TypeError('fetch failed', { cause: Object.assign(new Error(''), { code: 'UND_ERR_SOCKET' }) }),
      'fetch failed: UND_ERR_SOCKET',
    ],
    ['a string', 'plain', 'plain'],
    ['an object', { code: 42 }, '{"code":42}'],
    ['undefined', undefined, 'undefined'],
  ])('%s', (_, error, expected) => {
    expect(errorMessage(error)).toBe(expected);
  });
});
