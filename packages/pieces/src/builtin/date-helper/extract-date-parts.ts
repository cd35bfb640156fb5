import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { describeValue, requiredText } from '../common/read-props';
import type { Dayjs } from './date-library';
import { dateTextProp, formatProp } from './date-props';
import { parseDate } from './parse-date';

/** The units `extract_date_parts` offers, with Activepieces' values (the output keys). */
const DATE_PARTS = [
  ['year', 'Year'],
  ['month', 'Month'],
  ['day', 'Day'],
  ['hour', 'Hour'],
  ['minute', 'Minute'],
  ['second', 'Second'],
  ['dayOfWeek', 'Day of Week'],
  ['monthName', 'Month name'],
] as const;
type DatePart = (typeof DATE_PARTS)[number][0];
const PART_NAMES: readonly string[] = DATE_PARTS.map(([value]) => value);

/** Each unit as Activepieces reads it from the parsed date. */
const PART_OF: Record<DatePart, (date: Dayjs) => number | string> = {
  year: (date) => date.year(),
  month: (date) => date.month() + 1,
  day: (date) => date.date(),
  hour: (date) => date.hour(),
  minute: (date) => date.minute(),
  second: (date) => date.second(),
  dayOfWeek: (date) => date.format('dddd'),
  monthName: (date) => date.format('MMMM'),
};

/**
 * `extract_date_parts`: reads `inputDate` in `inputFormat` (as UTC) and returns the units listed
 * in `unitExtract` (default `['year']`) keyed by their names: numbers for `year`, `month` (1 to
 * 12), `day`, `hour`, `minute`, `second`; English names for `dayOfWeek` and `monthName`.
 */
export const extractDateParts = createAction({
  name: 'extract_date_parts',
  displayName: 'Extract Date Units',
  description:
    'Extract date units ( year , month , day , hour , minute , second , day of week , month name ) from a date',
  props: {
    inputDate: dateTextProp('Input Date', 'Enter the input date'),
    inputFormat: formatProp('From Time Format'),
    unitExtract: Property.StaticMultiSelectDropdown({
      displayName: 'Unit to Extract',
      description: 'Select the unit to extract from the date',
      required: true,
      defaultValue: ['year'],
      options: { options: DATE_PARTS.map(([value, label]) => ({ label, value })) },
    }),
  },
  async run(ctx) {
    const props = ctx.propsValue;
    const units = props.unitExtract;
    if (!Array.isArray(units))
      throw new Error(`Input "unitExtract" must be a list, got ${describeValue(units)}`);
    const unknown = units.find((unit) => !PART_NAMES.includes(unit as string));
    if (unknown !== undefined) {
      throw new Error(`Input "unitExtract" may list ${PART_NAMES.join(', ')}; got ${describeValue(unknown)}`);
    }
    const date = parseDate(requiredText(props, 'inputDate'), requiredText(props, 'inputFormat'));
    return Object.fromEntries((units as DatePart[]).map((unit) => [unit, PART_OF[unit](date)]));
  },
});
