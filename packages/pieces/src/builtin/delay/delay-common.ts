import type { ActionContext } from '../../context/action-context';
import { Property } from '../../framework/properties';
import { builtinEnv } from '../../context/builtin-env';

/**
 * Delays up to this long (10 s, Activepieces' threshold for Delay For) wait inside the step;
 * longer ones pause the run on a DELAY waitpoint, so no worker is held while waiting.
 */
export const IN_PROCESS_DELAY_LIMIT_MS = 10_000;

/** The note both delay actions show. */
export const delayNote = Property.MarkDown({
  value: '**Note:** The maximum duration per step is {{pausedFlowTimeoutDays}} days.',
});

/**
 * Waits until `until` (ms since the epoch): in-process when it is at most
 * {@link IN_PROCESS_DELAY_LIMIT_MS} away (returns `'waited'`), otherwise by pausing the run on a
 * DELAY waitpoint resuming at `until` (returns `'paused'`).
 */
export async function waitUntil(ctx: ActionContext, until: number): Promise<'waited' | 'paused'> {
  const env = builtinEnv(ctx);
  const remaining = until - env.now();
  if (remaining <= 0) return 'waited';
  if (remaining <= IN_PROCESS_DELAY_LIMIT_MS) {
    await env.sleep(remaining);
    return 'waited';
  }
  const waitpoint = await ctx.run.createWaitpoint({
    type: 'DELAY',
    resumeDateTime: new Date(until).toISOString(),
  });
  ctx.run.waitForWaitpoint(waitpoint.id);
  return 'paused';
}
