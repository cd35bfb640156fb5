import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { builtinEnv } from '../common/builtin-env';
import { describeValue, requiredText } from '../common/read-props';
import { TIME_UNITS } from './date-formats';
import type { TimeUnit } from './date-formats';
import { dateTextProp, formatProp } from './date-props';
import { parseDate } from './date-text';

/** Unit lengths of the reference's difference: a year is 365 days, a month 30. */
const UNIT_MS: Record<TimeUnit, number> = {
  year: 365 * 86_400_000,
  month: 30 * 86_400_000,
  day: 86_400_000,
  hour: 3_600_000,
  minute: 60_000,
  second: 1_000,
};

function unitsOf(value: unknown): TimeUnit[] {
  const units = value === undefined || value === null ? ['year'] : Array.isArray(value) ? value : [value];
  for (const unit of units) {
    if (!(TIME_UNITS as readonly unknown[]).includes(unit)) {
      throw new Error(
        `Input "unitDifference" must list units among ${TIME_UNITS.join(', ')}, got ${describeValue(unit)}`,
      );
    }
  }
  return units as TimeUnit[];
}

/**
 * `date_difference`: end minus start (both read as UTC), in each unit of `unitDifference`,
 * rounded down: `{year?, month?, day?, hour?, minute?, second?}`.
 */
export const dateDifference = createAction({
  name: 'date_difference',
  displayName: 'Date Difference',
  description: 'Get the difference between two dates',
  props: {
    startDate: dateTextProp('Starting Date', 'Enter the starting date'),
    startDateFormat: formatProp('Starting date format'),
    endDate: dateTextProp('Ending Date', 'Enter the ending date'),
    endDateFormat: formatProp('Ending date format'),
    unitDifference: Property.StaticMultiSelectDropdown({
      displayName: 'Unit',
      description: 'Select the unit of difference between the two dates',
      required: true,
      defaultValue: ['year'],
      options: {
        options: TIME_UNITS.map((unit) => ({ label: unit[0]!.toUpperCase() + unit.slice(1), value: unit })),
      },
    }),
  },
  async run(ctx) {
    const props = ctx.propsValue;
    const now = builtinEnv(ctx).now();
    const start = parseDate(
      requiredText(props, 'startDate'),
      requiredText(props, 'startDateFormat'),
      'UTC',
      now,
    );
    const end = parseDate(requiredText(props, 'endDate'), requiredText(props, 'endDateFormat'), 'UTC', now);
    return Object.fromEntries(
      unitsOf(props.unitDifference).map((unit) => [unit, Math.floor((end - start) / UNIT_MS[unit])]),
    );
  },
});
