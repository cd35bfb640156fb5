/**
 * `onDisable` and a repeated `onEnable` of triggers that are (or are about to be) out of the
 * trigger sources: failures are logged on the flow, never thrown, because the flow change they
 * follow or undo stands either way.
 */
import { entityFields } from '../../infrastructure/logging/create-logger';
import type { ServerBase } from '../../server-context';
import { callTriggerHook, triggerLabel, type HookedTrigger } from './trigger-hooks';

/** Calls `onDisable` of each trigger, in order. */
export async function disableTriggers(ctx: ServerBase, triggers: readonly HookedTrigger[]): Promise<void> {
  for (const target of triggers) await quietly(ctx, target, 'onDisable');
}

/**
 * Calls `onEnable` again for a trigger whose `onDisable` ran for a change that was then refused
 * (its source row never went away): it is enabled as it was, its store writes made at once.
 */
export async function reenableTrigger(ctx: ServerBase, target: HookedTrigger): Promise<void> {
  await quietly(ctx, target, 'onEnable');
}

async function quietly(
  ctx: ServerBase,
  target: HookedTrigger,
  hook: 'onEnable' | 'onDisable',
): Promise<void> {
  const outcome = await callTriggerHook(ctx, target, { hook, isRepublish: hook === 'onEnable' }).catch(
    (error: unknown) => ({
      status: 'FAILED' as const,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
  if (outcome.status === 'FAILED') {
    ctx.logger.warn(
      { ...entityFields({ flowId: target.flowId, projectId: target.projectId }), reason: outcome.message },
      `${hook} of trigger ${triggerLabel(target.trigger)} failed`,
    );
  }
}
