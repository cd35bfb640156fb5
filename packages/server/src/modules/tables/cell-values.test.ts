import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellText, instantOf, numberOf } from './cell-values';

describe('cellText', () => {
  it.each([
    ['a string as given', 'x, "y"', 'x, "y"'],
    ['a number', 1.5, '1.5'],
    ['a boolean', false, 'false'],
    ['an object as JSON', { a: [1] }, '{"a":[1]}'],
    ['null as no value', null, null],
    ['undefined as no value', undefined, null],
  ])('stores %s', (_, value, expected) => {
    expect(cellText(value)).toBe(expected);
  });
});

describe('numberOf', () => {
  it.each([
    ['12', 12],
    ['-3.5', -3.5],
    [' 1e3 ', 1000],
    ['.5', 0.5],
    ['0x10', null],
    ['Infinity', null],
    ['', null],
    ['12abc', null],
    ["' OR 1=1 --", null],
  ])('reads %j as %j', (text, expected) => {
    expect(numberOf(text)).toBe(expected);
  });

  it('reads back every finite number it is given as text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(numberOf(String(value))).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe('instantOf', () => {
  it('reads two spellings of one instant as the same instant', () => {
    expect(instantOf('2026-01-02T03:04:05Z')).toBe(instantOf('2026-01-02T05:04:05+02:00'));
    expect(instantOf('2026-01-02T03:04:05Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
  });

  it.each([
    ['2026-01-02', Date.UTC(2026, 0, 2)],
    ['2026-01-02T03:04', Date.UTC(2026, 0, 2, 3, 4)],
    ['2026-01-02 03:04:05.250', Date.UTC(2026, 0, 2, 3, 4, 5, 250)],
    ['2026-01-02T03:04:05-0130', Date.UTC(2026, 0, 2, 4, 34, 5)],
    ['2026-02-30', null],
    ['2026-01-02T25:00', null],
    ['yesterday', null],
    ['1', null],
    ['2026-01-02T03:04:05Z OR 1=1', null],
  ])('reads %j as %j', (text, expected) => {
    expect(instantOf(text)).toBe(expected);
  });

  it('reads every ISO string of a date back as its instant, whatever the offset it is written in', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2200-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        (date, offsetMinutes) => {
          expect(instantOf(date.toISOString())).toBe(date.getTime());
          expect(instantOf(withOffset(date, offsetMinutes))).toBe(date.getTime());
        },
      ),
    );
  });
});

/** `date` written as a local time at `offsetMinutes` from UTC, e.g. `2026-01-02T05:04:05.000+02:00`. */
function withOffset(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, -1);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}
