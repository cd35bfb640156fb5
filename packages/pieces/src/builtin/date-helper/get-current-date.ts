import { createAction } from '../../framework/create-piece';
import { requiredText } from '../common/read-props';
import { assertTimeZone } from '../common/time-zones';
import { correctedFormat } from './date-formats';
import { formatProp, timeZoneProp } from './date-props';
import { zonedNow } from './zoned-now';

/** `get_current_date`: now (the built-in env's clock), in `timeFormat` and `timeZone`, as `{result}`. */
export const getCurrentDate = createAction({
  name: 'get_current_date',
  displayName: 'Get Current Date',
  description: 'Get the current date',
  props: {
    timeFormat: formatProp('To Time Format'),
    timeZone: timeZoneProp('Time Zone', true),
  },
  async run(ctx) {
    const timeZone = assertTimeZone(requiredText(ctx.propsValue, 'timeZone'), 'timeZone');
    const format = correctedFormat(requiredText(ctx.propsValue, 'timeFormat'));
    return { result: zonedNow(ctx, timeZone).format(format) };
  },
});
