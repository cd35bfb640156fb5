import { describe, expect, it } from 'vitest';
import { formatDuration, runDurationMs } from './format-time';

describe('formatDuration', () => {
  it('writes short durations in milliseconds, never below zero', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(850.4)).toBe('850 ms');
    expect(formatDuration(-5)).toBe('0 ms');
  });

  it('writes seconds with one decimal under a minute', () => {
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(4200)).toBe('4.2 s');
    expect(formatDuration(59_900)).toBe('59.9 s');
  });

  it('writes minutes and seconds under an hour, hours and minutes above', () => {
    expect(formatDuration(60_000)).toBe('1 min 0 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(3_600_000)).toBe('1 h 0 min');
    expect(formatDuration(7_800_000)).toBe('2 h 10 min');
  });
});

describe('runDurationMs', () => {
  const now = Date.parse('2026-01-01T10:00:10.000Z');

  it('is finish minus start for a finished run', () => {
    const run = { startTime: '2026-01-01T10:00:00.000Z', finishTime: '2026-01-01T10:00:02.500Z' };
    expect(runDurationMs(run, now)).toBe(2500);
  });

  it('counts to now for a run still going, and is unknown before it started', () => {
    expect(runDurationMs({ startTime: '2026-01-01T10:00:00.000Z', finishTime: null }, now)).toBe(10_000);
    expect(runDurationMs({ startTime: null }, now)).toBeUndefined();
    expect(runDurationMs({}, now)).toBeUndefined();
  });
});
