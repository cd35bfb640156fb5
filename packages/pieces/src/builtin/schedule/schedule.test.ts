import { describe, expect, it } from 'vitest';
import { testTriggerContext } from '../testing/test-services';
import { schedulePiece } from './index';

const trigger = (name: string) => {
  const found = schedulePiece.triggers[name];
  if (!found?.onEnable) throw new Error(`no trigger ${name}`);
  return { ...found, onEnable: found.onEnable };
};

describe('schedule triggers', () => {
  it.each([
    ['every_x_minutes', { minutes: 5 }, '*/5 * * * *', 'UTC'],
    ['every_hour', { run_on_weekends: false }, '0 * * * 1-5', 'UTC'],
    ['every_hour', { run_on_weekends: true }, '0 * * * *', 'UTC'],
    [
      'every_day',
      { hour_of_the_day: 9, timezone: 'Europe/Paris', run_on_weekends: false },
      '0 9 * * 1-5',
      'Europe/Paris',
    ],
    ['every_day', { hour_of_the_day: 0, timezone: 'UTC', run_on_weekends: true }, '0 0 * * *', 'UTC'],
    [
      'every_week',
      { day_of_the_week: 1, hour_of_the_day: 8, timezone: 'Asia/Tokyo' },
      '0 8 * * 1',
      'Asia/Tokyo',
    ],
    ['every_month', { day_of_the_month: 31, hour_of_the_day: 23, timezone: 'UTC' }, '0 23 31 * *', 'UTC'],
    [
      'cron_expression',
      { cronExpression: '0 9 * * 1-5', timezone: 'America/New_York' },
      '0 9 * * 1-5',
      'America/New_York',
    ],
    ['cron_expression', { cronExpression: '0/5 * * * *', timezone: 'UTC' }, '0/5 * * * *', 'UTC'],
  ])('%s %j schedules %s', async (name, propsValue, cronExpression, timezone) => {
    const { ctx, schedules } = testTriggerContext({ propsValue });
    await trigger(name).onEnable(ctx);
    expect(schedules).toEqual([{ cronExpression, timezone }]);
  });

  it.each([
    ['every_x_minutes', { minutes: 60 }, 'Input "minutes" must be a whole number from 1 to 59'],
    [
      'every_day',
      { hour_of_the_day: 24, timezone: 'UTC' },
      'Input "hour_of_the_day" must be a whole number from 0 to 23',
    ],
    ['every_week', { hour_of_the_day: 1, timezone: 'UTC' }, 'Input "day_of_the_week" is required'],
    [
      'every_month',
      { day_of_the_month: 0, hour_of_the_day: 1, timezone: 'UTC' },
      'Input "day_of_the_month" must be a whole number from 1 to 31',
    ],
    [
      'every_day',
      { hour_of_the_day: 1, timezone: 'Mars/Olympus' },
      'Input "timezone" is not a known time zone: Mars/Olympus',
    ],
    [
      'cron_expression',
      { cronExpression: '61 * * * *', timezone: 'UTC' },
      'Invalid cron expression "61 * * * *"',
    ],
    [
      'cron_expression',
      { cronExpression: 'every day', timezone: 'UTC' },
      'Invalid cron expression "every day"',
    ],
  ])('%s rejects %j', async (name, propsValue, message) => {
    const { ctx, schedules } = testTriggerContext({ propsValue });
    await expect(trigger(name).onEnable(ctx)).rejects.toThrow(message);
    expect(schedules).toEqual([]);
  });

  it.each([
    ['every_x_minutes', { minutes: 15 }, [{ cron_expression: '*/15 * * * *', timezone: 'UTC' }]],
    ['every_hour', { run_on_weekends: true }, [{ cron_expression: '0 * * * *', timezone: 'UTC' }]],
    [
      'every_day',
      { hour_of_the_day: 7, timezone: 'UTC', run_on_weekends: false },
      [{ hour_of_the_day: 7, timezone: 'UTC', cron_expression: '0 7 * * 1-5' }],
    ],
    [
      'every_week',
      { day_of_the_week: 5, hour_of_the_day: 17, timezone: 'UTC' },
      [{ hour_of_the_day: 17, day_of_the_week: 5, cron_expression: '0 17 * * 5', timezone: 'UTC' }],
    ],
    [
      'every_month',
      { day_of_the_month: 1, hour_of_the_day: 6, timezone: 'UTC' },
      [{ hour_of_the_day: 6, day_of_the_month: 1, cron_expression: '0 6 1 * *', timezone: 'UTC' }],
    ],
    ['cron_expression', { cronExpression: '* * * * *', timezone: 'UTC' }, [{}]],
  ])('%s run returns its payload', async (name, propsValue, payload) => {
    const { ctx } = testTriggerContext({ propsValue });
    expect(await trigger(name).run(ctx)).toEqual(payload);
  });

  it('offers UTC first among the time zones', () => {
    const options = schedulePiece.triggers.every_day!.props.timezone!.options as {
      options: { value: string }[];
    };
    expect(options.options[0]).toEqual({ label: 'UTC', value: 'UTC' });
    expect(options.options.some((option) => option.value === 'Europe/Paris')).toBe(true);
  });
});
