import { describe, expect, it } from 'vitest';
import { nextLookDelay } from './due-loop';

const at = (ms: string) => `2026-11-25T08:00:00.${ms}Z`;

describe('nextLookDelay', () => {
  it.each([
    ['nothing planned: the poll rate', null, at('000000'), at('000000'), 1000],
    ['due later within the interval: 1 ms past the instant', at('250'), at('100000'), at('000000'), 151],
    ['due beyond the interval: the poll rate', '2026-11-25T08:00:05.000Z', at('100000'), at('000000'), 1000],
    ['due in this very millisecond: 1 ms', at('100'), at('100900'), at('050000'), 1],
    ['came due while the last look ran: at once', at('100'), at('103000'), at('099000'), 1],
    ['came due in the millisecond the last look started: at once', at('100'), at('103000'), at('100400'), 1],
    [
      'still due after a look that started after it (it failed): the poll rate',
      at('100'),
      at('300000'),
      at('200000'),
      1000,
    ],
  ])('%s', (_, earliest, now, lastLookStartedAt, delay) => {
    expect(nextLookDelay({ earliest, now, lastLookStartedAt, pollIntervalMs: 1000 })).toBe(delay);
  });
});
