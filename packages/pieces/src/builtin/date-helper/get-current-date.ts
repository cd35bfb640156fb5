import { createAction } from '../../framework/create-piece';
import { builtinEnv } from '../common/builtin-env';
import { requiredText } from '../common/read-props';
import { assertTimeZone } from '../common/time-zones';
import { formatDate } from './date-text';
import { formatProp, timeZoneProp } from './date-props';

/** `get_current_date`: now, in `timeFormat` and `timeZone`, as `{result}`. */
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
    return {
      result: formatDate(builtinEnv(ctx).now(), requiredText(ctx.propsValue, 'timeFormat'), timeZone),
    };
  },
});
