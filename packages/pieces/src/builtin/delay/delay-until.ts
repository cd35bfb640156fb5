import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';
import type { PropsValue } from '../common/read-props';
import { delayNote, waitUntil } from './delay-common';

function targetOf(props: PropsValue): Date {
  const text = requiredText(props, 'delayUntilTimestamp');
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error(`Input "delayUntilTimestamp" is not a date: ${text}`);
  return date;
}

/**
 * `delay_until`: waits until `delayUntilTimestamp` (ISO 8601 and the other formats `Date`
 * parses). A time in the past goes on at once; up to 10 s away waits in-process; later pauses on
 * a DELAY waitpoint. Output once done: `{delayTill, success: true}` (`delayTill` as ISO text).
 */
export const delayUntil = createAction({
  name: 'delay_until',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  displayName: 'Delay Until',
  description: 'Delays the execution of the next action until a given timestamp',
  props: {
    markdown: delayNote,
    delayUntilTimestamp: Property.DateTime({
      displayName: 'Date and Time',
      description:
        'Specifies the date and time until which the execution of the next action should be delayed. It supports multiple formats, including ISO format.',
      required: true,
    }),
  },
  async run(ctx) {
    const delayTill = targetOf(ctx.propsValue);
    const done = { delayTill: delayTill.toISOString(), success: true };
    if (ctx.executionType === 'RESUME') return done;
    return (await waitUntil(ctx, delayTill.getTime())) === 'paused' ? {} : done;
  },
  async test(ctx) {
    return { delayTill: targetOf(ctx.propsValue).toISOString(), success: true };
  },
});
