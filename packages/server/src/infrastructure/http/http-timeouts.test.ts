import { describe, expect, it } from 'vitest';
import { resolveHttpTimeouts } from './http-timeouts';

describe('resolveHttpTimeouts', () => {
  it.each([
    [
      'the defaults',
      {},
      30_000,
      { headersTimeoutMs: 20_000, requestTimeoutMs: 300_000, idleTimeoutMs: 120_000 },
    ],
    ['an idle timeout that outlasts a long /sync wait', {}, 100_000, { idleTimeoutMs: 160_000 }],
    ['short test timeouts', { headersTimeoutMs: 200 }, 0, { headersTimeoutMs: 200, checkIntervalMs: 50 }],
    ['a check at least every second', {}, 0, { checkIntervalMs: 1_000, keepAliveTimeoutMs: 72_000 }],
  ])('resolves %s', (_, options, webhookTimeoutMs, expected) => {
    expect(resolveHttpTimeouts(options, webhookTimeoutMs)).toMatchObject(expected);
  });

  it.each([
    ['a headers timeout over the request timeout', { headersTimeoutMs: 2_000, requestTimeoutMs: 1_000 }],
    ['a timeout of 0', { idleTimeoutMs: 0 }],
    ['a fractional timeout', { keepAliveTimeoutMs: 1.5 }],
  ])('refuses %s', (_, options) => {
    expect(() => resolveHttpTimeouts(options, 0)).toThrow(RangeError);
  });
});
