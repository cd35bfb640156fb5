import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { describeValue, requiredText } from '../common/read-props';
import { TIME_UNITS } from './date-formats';
import type { TimeUnit } from './date-formats';
import { dayjs } from './date-library';
import { dateTextProp, formatProp } from './date-props';
import { parseDate } from './parse-date';

type Duration = ReturnType<typeof dayjs.duration>;

/** Each unit's part of the difference, as Activepieces reads it from a dayjs duration. */
const PART_OF: Record<TimeUnit, (difference: Duration) => number> = {
  year: (difference) => difference.years(),
  month: (difference) => difference.months(),
  day: (difference) => difference.days(),
  hour: (difference) => difference.hours(),
  minute: (difference) => difference.minutes(),
  second: (difference) => difference.seconds(),
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
 * `date_difference`: end minus start (both read as UTC) as a dayjs duration, broken down into
 * the units of `unitDifference` as Activepieces does: each unit is what is left after the larger
 * ones (a year is 365 days, a month a twelfth of that), not a total, and negative when the end
 * comes first: `{year?, month?, day?, hour?, minute?, second?}`.
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
    const start = parseDate(requiredText(props, 'startDate'), requiredText(props, 'startDateFormat'));
    const end = parseDate(requiredText(props, 'endDate'), requiredText(props, 'endDateFormat'));
    const difference = dayjs.duration(end.diff(start));
    return Object.fromEntries(unitsOf(props.unitDifference).map((unit) => [unit, PART_OF[unit](difference)]));
  },
});
