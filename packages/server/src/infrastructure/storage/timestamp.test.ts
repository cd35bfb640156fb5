import { describe, expect, it } from 'vitest';
import { microsOf, timestampAfter, timestampOf, timestampOfMicros } from './timestamp';

describe('timestampAfter', () => {
  it.each([
    [
      'now when it is later',
      '2026-01-02T03:04:05.678901Z',
      '2026-01-02T03:04:05.678902Z',
      '2026-01-02T03:04:05.678902Z',
    ],
    [
      'one microsecond on when now is the same instant',
      '2026-01-02T03:04:05.678901Z',
      '2026-01-02T03:04:05.678901Z',
      '2026-01-02T03:04:05.678902Z',
    ],
    [
      'one microsecond on when now is behind (another clock)',
      '2026-01-02T03:04:05.678999Z',
      '2026-01-02T03:04:05.000000Z',
      '2026-01-02T03:04:05.679000Z',
    ],
    [
      'a carry across the second',
      '2026-01-02T03:04:05.999999Z',
      '2026-01-02T03:04:05.999999Z',
      '2026-01-02T03:04:06.000000Z',
    ],
    [
      'a previous stamp in another form, compared as an instant',
      '2026-01-02T03:04:05.678Z',
      '2026-01-02T03:04:05.678000Z',
      '2026-01-02T03:04:05.678001Z',
    ],
    [
      'now when the previous stamp is unreadable',
      'not a time',
      '2026-01-02T03:04:05.678901Z',
      '2026-01-02T03:04:05.678901Z',
    ],
  ])('answers %s', (_, previous, now, expected) => {
    expect(timestampAfter(previous, now)).toBe(expected);
  });

  it('reads back what it writes', () => {
    const micros = Date.UTC(2026, 0, 2, 3, 4, 5, 678) * 1000 + 901;
    expect(timestampOfMicros(micros)).toBe('2026-01-02T03:04:05.678901Z');
    expect(microsOf(timestampOfMicros(micros))).toBe(micros);
  });
});

describe('timestampOf', () => {
  it('formats each instant, whether asked in turn for the same or another one', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    expect(timestampOf(at)).toBe('2026-01-02T03:04:05.678000Z');
    expect(timestampOf(at, 999)).toBe('2026-01-02T03:04:05.678999Z');
    expect(timestampOf(new Date(at + 1))).toBe('2026-01-02T03:04:05.679000Z');
    expect(timestampOf(at)).toBe('2026-01-02T03:04:05.678000Z');
  });

  it('refuses an instant that is not one, every time', () => {
    expect(() => timestampOf(Number.NaN)).toThrow(RangeError);
    expect(() => timestampOf(Number.NaN)).toThrow(RangeError);
  });
});
