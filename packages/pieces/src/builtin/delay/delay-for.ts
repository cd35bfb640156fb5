import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { builtinEnv } from '../../context/builtin-env';
import { choice, requiredNumber } from '../common/read-props';
import type { PropsValue } from '../common/read-props';
import { delayNote, waitUntil } from './delay-common';

const UNIT_MS = { seconds: 1_000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
const UNITS = Object.keys(UNIT_MS) as (keyof typeof UNIT_MS)[];

function delayInMs(props: PropsValue): number {
  const amount = requiredNumber(props, 'delayFor');
  if (amount < 0) throw new Error('Input "delayFor" must not be negative');
  return amount * UNIT_MS[choice(props, 'unit', UNITS, 'seconds')];
}

/**
 * `delayFor`: waits `delayFor` `unit`s (seconds by default). Up to 10 s in-process, longer by
 * pausing on a DELAY waitpoint. Output once done: `{delayForInMs, success: true}`.
 */
export const delayFor = createAction({
  name: 'delayFor',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  displayName: 'Delay For',
  description: 'Delays the execution of the next action for a given duration',
  props: {
    markdown: delayNote,
    unit: Property.StaticDropdown({
      displayName: 'Unit',
      description: 'The unit of time to delay the execution of the next action',
      required: true,
      defaultValue: 'seconds',
      options: {
        options: [
          { label: 'Seconds', value: 'seconds' },
          { label: 'Minutes', value: 'minutes' },
          { label: 'Hours', value: 'hours' },
          { label: 'Days', value: 'days' },
        ],
      },
    }),
    delayFor: Property.Number({
      displayName: 'Amount',
      description: 'The number of units to delay the execution of the next action',
      required: true,
    }),
  },
  async run(ctx) {
    const delayForInMs = delayInMs(ctx.propsValue);
    if (ctx.executionType === 'RESUME') return { delayForInMs, success: true };
    const waited = await waitUntil(ctx, builtinEnv(ctx).now() + delayForInMs);
    return waited === 'paused' ? {} : { delayForInMs, success: true };
  },
  async test(ctx) {
    return { delayForInMs: delayInMs(ctx.propsValue), success: true };
  },
});
