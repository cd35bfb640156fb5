import { createAction } from '../../framework/create-piece';
import { builtinEnv } from '../common/builtin-env';
import { requiredText } from '../common/read-props';
import { assertTimeZone } from '../common/time-zones';
import { dateTextProp, formatProp, timeZoneProp } from './date-props';
import { formatDate, parseDate } from './date-text';

/**
 * `format_date`: reads `inputDate` in `inputFormat` as a time of `inputTimeZone` and writes it
 * in `outputFormat` as a time of `outputTimeZone`, as `{result}`.
 */
export const formatDateAction = createAction({
  name: 'format_date',
  displayName: 'Format Date',
  description: 'Converts a date from one format to another',
  props: {
    inputDate: dateTextProp('Input Date', 'Enter the input date'),
    inputFormat: formatProp('From Time Format'),
    inputTimeZone: timeZoneProp('From Time Zone', true),
    outputFormat: formatProp('To Time Format'),
    outputTimeZone: timeZoneProp('To Time Zone', true),
  },
  async run(ctx) {
    const props = ctx.propsValue;
    const inputTimeZone = assertTimeZone(requiredText(props, 'inputTimeZone'), 'inputTimeZone');
    const outputTimeZone = assertTimeZone(requiredText(props, 'outputTimeZone'), 'outputTimeZone');
    const ms = parseDate(
      requiredText(props, 'inputDate'),
      requiredText(props, 'inputFormat'),
      inputTimeZone,
      builtinEnv(ctx).now(),
    );
    return { result: formatDate(ms, requiredText(props, 'outputFormat'), outputTimeZone) };
  },
});
