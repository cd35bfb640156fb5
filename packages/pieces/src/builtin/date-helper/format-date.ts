import { createAction } from '../../framework/create-piece';
import { requiredText } from '../common/read-props';
import { assertTimeZone } from '../common/time-zones';
import { correctedFormat } from './date-formats';
import { dateTextProp, formatProp, timeZoneProp } from './date-props';
import { parseDate } from './parse-date';

/**
 * `format_date`: reads `inputDate` in `inputFormat` as a wall-clock time of `inputTimeZone` and
 * writes it in `outputFormat` as a time of `outputTimeZone`, as `{result}` (Activepieces'
 * `parseDate(...).tz(inputTimeZone, true).tz(outputTimeZone).format(outputFormat)`).
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
    const date = parseDate(requiredText(props, 'inputDate'), requiredText(props, 'inputFormat'));
    return {
      result: date
        .tz(inputTimeZone, true)
        .tz(outputTimeZone)
        .format(correctedFormat(requiredText(props, 'outputFormat'))),
    };
  },
});
