import { describe, expect, it } from 'vitest';
import { testTriggerContext } from '../testing/test-services';
import { schedulePiece } from './index';
import { nextScheduledTime } from './schedule-common';
import { scheduleOfTrigger } from './schedule-of-trigger';

describe('scheduleOfTrigger', () => {
  it.each([
    ['every_x_minutes', { minutes: 5 }],
    ['every_hour', { run_on_weekends: true }],
    ['every_day', { hour_of_the_day: 9, timezone: 'Europe/Paris', run_on_weekends: false }],
    ['every_week', { day_of_the_week: 1, hour_of_the_day: 8, timezone: 'Asia/Tokyo' }],
    ['every_month', { day_of_the_month: 31, hour_of_the_day: 23, timezone: 'UTC' }],
    ['cron_expression', { cronExpression: ' 0 9 * * 1-5 ', timezone: 'America/New_York' }],
  ])('%s %j: what onEnable sets and run answers', async (name, input) => {
    const { ctx, schedules } = testTriggerContext({ propsValue: input });
    const trigger = schedulePiece.triggers[name]!;
    await trigger.onEnable!(ctx);
    const [payload] = await trigger.run(ctx);
    expect(scheduleOfTrigger(name, input)).toEqual({ ...schedules[0], payload });
  });

  it.each([
    ['every_x_minutes', {}, '*/1 * * * *', 'UTC'],
    ['every_hour', {}, '0 * * * 1-5', 'UTC'],
    ['every_day', {}, '0 0 * * 1-5', 'UTC'],
    ['cron_expression', {}, '0/5 * * * *', 'UTC'],
  ])('%s fills missing inputs with their defaults', (name, input, cronExpression, timezone) => {
    expect(scheduleOfTrigger(name, input)).toMatchObject({ cronExpression, timezone });
  });

  it('answers null for a trigger the schedule piece does not have', () => {
    expect(scheduleOfTrigger('catch_webhook', {})).toBeNull();
  });

  it.each([
    ['every_x_minutes', { minutes: 60 }, 'Input "minutes" must be a whole number from 1 to 59'],
    ['every_week', { hour_of_the_day: 1 }, 'Input "day_of_the_week" is required'],
    ['every_day', { timezone: 'Mars/Olympus' }, 'Input "timezone" is not a known time zone: Mars/Olympus'],
    ['cron_expression', { cronExpression: '61 * * * *' }, 'Invalid cron expression "61 * * * *"'],
  ])('%s refuses %j', (name, input, message) => {
    expect(() => scheduleOfTrigger(name, input)).toThrow(message);
  });
});

describe('nextScheduledTime', () => {
  it.each([
    ['*/5 * * * *', 'UTC', '2026-01-15T10:02:30.000Z', '2026-01-15T10:05:00.000Z'],
    ['*/5 * * * *', 'UTC', '2026-01-15T10:05:00.000Z', '2026-01-15T10:10:00.000Z'],
    ['0 9 * * 1-5', 'Europe/Paris', '2026-01-16T09:00:00.000Z', '2026-01-19T08:00:00.000Z'],
    ['0 9 * * *', 'America/New_York', '2026-07-01T00:00:00.000Z', '2026-07-01T13:00:00.000Z'],
    ['0/5 * * * *', 'UTC', '2026-01-15T10:00:00.000Z', '2026-01-15T10:05:00.000Z'],
  ])('%s in %s after %s is %s', (cronExpression, timezone, after, expected) => {
    expect(nextScheduledTime(cronExpression, timezone, new Date(after))?.toISOString()).toBe(expected);
  });
});
